// The requester is the order's customer when the two emails are the same address, case and spaces
// aside; a missing one is never the same.
export function sameEmail(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
