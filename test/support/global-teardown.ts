/** Jest global teardown: nothing to do; the template is reused by the next run with the same migrations. */
export default async function globalTeardown(): Promise<void> {}
