import packageJson from '@/package.json' with { type: 'json' };

/** The commit is read from git by next.config.ts at build time; a tree without git says so. */
export function appVersion(): { version: string; commit: string; label: string } {
  const commit = process.env.APP_COMMIT || 'sviluppo';
  return { version: packageJson.version, commit, label: `${packageJson.version} (${commit})` };
}
