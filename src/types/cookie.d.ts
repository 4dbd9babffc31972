/** The `cookie` package (0.7, next-auth's own dependency) ships no types; only `parse` is used. */
declare module "cookie" {
  export function parse(header: string, options?: { decode?: (value: string) => string }): Record<string, string>;
}
