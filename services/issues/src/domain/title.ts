/** A title folded for sorting: lower-case, accents removed, spaces collapsed. */
export function foldTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
