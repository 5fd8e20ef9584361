import { existsSync } from 'node:fs';

// Command-line scripts read the same files as `next` does; variables already set win.
for (const file of ['.env.local', '.env']) {
  if (existsSync(file)) process.loadEnvFile(file);
}
