// postgres.js 3.4.9 loses a connection for good when PostgreSQL goes away in the middle of a write
// (porsager/postgres#1154, #1208; fix proposed in #1168/#1209, not released): closed() cancels the
// pending setImmediate(nextWrite) without clearing it, so (1) a write scheduled just before the close
// runs on a null socket and throws an uncaught TypeError that ends the server process, and (2) the
// stale timer stops every later small write on the reconnected socket, so its queries hang forever.
// The patch guards nextWrite and resets the buffer on close. Run by `npm install` (postinstall);
// it does nothing on an already patched or a different version.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* crm: nextWrite guard */';
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'postgres');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const replacements = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  // terminate() and closed(): the buffered bytes were for the socket that is gone.
  ['    clearImmediate(nextWriteTimer)\n', '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n'],
];

for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
  const target = path.join(root, file);
  let text;
  try {
    text = readFileSync(target, 'utf8');
  } catch {
    continue;
  }
  if (text.includes(MARK)) continue;
  if (version !== '3.4.9' || !text.includes(replacements[0][0])) {
    console.warn(`patch-postgres-js: postgres ${version} non riconosciuto in ${file}, nessuna modifica (controlla se la correzione è già nella versione).`);
    continue;
  }
  for (const [from, to] of replacements) text = text.split(from).join(to);
  // A new file, not an edit in place: node_modules may be hard links shared with other checkouts.
  writeFileSync(`${target}.patched`, text);
  renameSync(`${target}.patched`, target);
  console.log(`patch-postgres-js: ${file} corretto`);
}
