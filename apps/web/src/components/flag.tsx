import type { Language } from '../lib/session';

/** Small drawn flags for the language switcher; emoji flags do not render on Windows. */
export function Flag({ language }: { language: Language }) {
  if (language === 'TH') {
    return (
      <svg className="flag" viewBox="0 0 30 20" aria-hidden="true">
        <rect width="30" height="20" fill="#A51931" />
        <rect y="3.33" width="30" height="13.34" fill="#F4F5F8" />
        <rect y="6.67" width="30" height="6.66" fill="#2D2A4A" />
      </svg>
    );
  }
  return (
    <svg className="flag" viewBox="0 0 60 40" aria-hidden="true">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#C8102E" strokeWidth="7" />
    </svg>
  );
}
