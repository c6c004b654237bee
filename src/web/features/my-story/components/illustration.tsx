/** A decorative illustration beside the personal data form (hidden from assistive technology). */
export function PersonalDataIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 200" className={className} aria-hidden="true" focusable="false">
      <rect x="20" y="30" width="200" height="150" rx="16" className="fill-brand-50" />
      <rect x="50" y="55" width="140" height="100" rx="10" className="fill-white stroke-brand-700" strokeWidth="3" />
      <circle cx="90" cy="95" r="18" className="fill-brand-700" />
      <path d="M62 140c4-16 16-24 28-24s24 8 28 24" className="fill-brand-700" />
      <rect x="128" y="80" width="46" height="8" rx="4" className="fill-slate-300" />
      <rect x="128" y="98" width="38" height="8" rx="4" className="fill-slate-300" />
      <rect x="128" y="116" width="42" height="8" rx="4" className="fill-slate-300" />
      <circle cx="196" cy="44" r="14" className="fill-green-600" />
      <path
        d="M189 44l5 5 9-10"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
