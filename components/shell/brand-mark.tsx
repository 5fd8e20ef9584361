/** The product's mark: a tent under a sun, drawn inline so no request is needed. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#087f5b" />
      <circle cx="34" cy="14" r="5" fill="#ffd43b" />
      <path d="M8 38 L22 14 L36 38 Z" fill="#ffffff" />
      <path d="M22 14 L22 38 L17 38 Z" fill="#c3fae8" />
      <rect x="6" y="37" width="36" height="3" rx="1.5" fill="#ffffff" />
    </svg>
  );
}
