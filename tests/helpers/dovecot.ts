import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const DOVECOT = '/usr/sbin/dovecot';

/** A private Dovecot for one test file: its own config, port, users and maildirs in a temp dir. */
export type Dovecot = {
  host: string;
  port: number;
  dir: string;
  /** Adds the user, or changes the password of one that exists (as an admin would at the server). */
  setPassword(user: string, password: string): Promise<void>;
  log(): Promise<string>;
  stop(): Promise<void>;
};

/** A system account dovecot may run a service as (it refuses root for logins and mail). */
function systemUser(name: string): { name: string; uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`Utente di sistema ${name} mancante: reinstalla dovecot-imapd.`);
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** True once the server sent its IMAP greeting (the login process starts on the first connection). */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('* OK')));
    socket.once('error', () => done(false));
  });
}

function config(dir: string, port: number, accounts: { login: string; internal: string; internalGroup: string; mail: { uid: number; gid: number } }): string {
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = crm-test-${port}
log_path = ${dir}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = ${accounts.mail.uid}
default_login_user = ${accounts.login}
default_internal_user = ${accounts.internal}
default_internal_group = ${accounts.internalGroup}
mail_location = maildir:${dir}/mail/%u
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${accounts.mail.uid} gid=${accounts.mail.gid} home=${dir}/mail/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
}
`;
}

/**
 * Starts Dovecot from Debian's dovecot-imapd: plain IMAP (no TLS) on a free port of 127.0.0.1,
 * users from a passwd-file with clear passwords. As root the mail belongs to the `mail` user,
 * since Dovecot refuses uid 0 for mail users whatever first_valid_uid says.
 */
export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} non trovato: questi test usano un vero Dovecot. Installa il pacchetto con 'apt-get install -y dovecot-imapd' (.ci/run lo fa).`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'dovecot-'));
  // Dovecot's unprivileged services must walk into the temp dir.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'mail'));
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const mail = root ? systemUser('mail') : { uid: me.uid, gid: me.gid };
  const accounts = root
    ? { login: systemUser('dovenull').name, internal: systemUser('dovecot').name, internalGroup: 'dovecot', mail }
    : { login: me.username, internal: me.username, internalGroup: String(me.gid), mail };
  if (root) await chown(join(dir, 'mail'), mail.uid, mail.gid);
  const passwd = join(dir, 'passwd');
  await writeFile(passwd, '');
  const port = await freePort();
  const conf = join(dir, 'dovecot.conf');
  await writeFile(conf, config(dir, port, accounts));

  let output = '';
  const master: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  master.stdout?.on('data', (chunk) => (output += chunk));
  master.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => master.once('exit', () => resolve()));
  const users = new Map<string, string>();
  let generation = 0;

  const stop = async () => {
    if (master.exitCode === null) {
      master.kill('SIGTERM');
      const timer = setTimeout(() => master.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  while (!(await greets(port))) {
    if (master.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`Dovecot non è partito sulla porta ${port}:\n${output}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    host: '127.0.0.1',
    port,
    dir,
    setPassword: async (user, password) => {
      const change = users.has(user);
      users.set(user, password);
      await writeFile(passwd, [...users].map(([name, secret]) => `${name}:{PLAIN}${secret}\n`).join(''));
      // Dovecot rereads the file when its mtime changes: make sure it does within the same second.
      generation += 1;
      const stamp = new Date(Date.now() + generation * 1000);
      await utimes(passwd, stamp, stamp);
      // Its auth process looks at the file at most once a second: a change is seen from the next one.
      if (change) await new Promise((resolve) => setTimeout(resolve, 1_100));
    },
    log: () => readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => ''),
    stop,
  };
}
