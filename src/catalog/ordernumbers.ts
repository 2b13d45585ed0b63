/**
 * Order numbers as a shopper types them: without separators or spaces (`100.426.01` → `10042601`). The
 * printed form is indexed as well and splits into its digit groups (`100`, `426`, `01`), which finds the
 * spaced and dashed spellings (`100 426 01`, `100-426`); prefix search finds the first digits of both.
 */

/** Lowercased letters and digits only: the form of an order number typed without separators. */
export function compactOrdernumber(value: string | null): string | null {
  if (!value) return null;
  const compact = value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return compact === '' ? null : compact;
}

/** Compacted forms of the given order numbers, each once, empty ones left out. */
export function ordernumberTerms(numbers: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const number of numbers) {
    const compact = compactOrdernumber(number ?? null);
    if (compact) out.add(compact);
  }
  return [...out];
}
