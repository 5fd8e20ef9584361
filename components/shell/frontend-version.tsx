'use client';

/** Baked into the browser bundle at build time: differs from the backend's after a deploy until reload. */
export function FrontendVersion({ label }: { label: string }) {
  return (
    <>
      {label} {process.env.APP_VERSION} ({process.env.APP_COMMIT})
    </>
  );
}
