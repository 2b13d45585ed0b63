/**
 * The one error an import stops with: it names the snapshot file, the line (1-based, when the problem has
 * one) and the field (a path such as `media_links[2].media_id`), as the snapshot format requires.
 */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(
      [file, line === null ? null : `line ${line}`, field === null ? null : `field "${field}"`]
        .filter((part) => part !== null)
        .join(', ') + `: ${reason}`,
    );
    this.name = 'ImportError';
  }
}
