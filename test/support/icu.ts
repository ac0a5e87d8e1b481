import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The arguments an ICU message names, nested ones (inside plural and select branches) included: the web catalogs and the server's sentence tables hold each language to the English one's. */
export function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}
