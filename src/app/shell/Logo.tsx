/** The Switchyard mark: two tracks joining at a switch. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Switchyard">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M8 22h6c4 0 5-2 6-6s2-6 6-6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M8 22h16" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="8" cy="22" r="2.6" fill="#fff" />
    </svg>
  );
}
