import { stringify } from "yaml";

/** The document as YAML: the same state always gives the same bytes. */
export function documentYaml(document: object): string {
  return stringify(document, { lineWidth: 0, sortMapEntries: false });
}
