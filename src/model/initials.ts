// The letters an icon without a drawing shows, on the canvas and in the DOM (node and credential types).
/** Words that name what a credential is, not whose: "GitHub API" and "GitLab API" were both "GA". */
const GENERIC = /^(api|oauth2?|credentials?|account|auth|token|key|trigger)$/i;

/** Two letters: of the first two telling words, or a word's own capitals (GitHub → GH, GitLab → GL). */
export function initials(name: string): string {
  const all = name.replace(/[^\p{L}\p{N} ]/gu, ' ').trim().split(/\s+/).filter(Boolean);
  const words = all.filter((w) => !GENERIC.test(w));
  const use = words.length ? words : all;
  if (use.length === 0) return '?';
  if (use.length > 1) return (use[0][0] + use[1][0]).toUpperCase();
  const caps = use[0].match(/[A-Z]/g);
  return (caps && caps.length >= 2 && use[0][0] === caps[0] ? caps[0] + caps[1] : use[0].slice(0, 2)).toUpperCase();
}
