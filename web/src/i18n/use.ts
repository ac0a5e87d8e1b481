import type { FormatXMLElementFn, PrimitiveType } from 'intl-messageformat';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { language, message, onLanguageChange, type MessageKey } from './i18n.js';
import type { Language } from './languages.js';

/** Re-renders a component when the language changes; answers the language shown. */
export function useLanguage(): Language {
  const [shown, setShown] = useState(language);
  useEffect(() => onLanguageChange(() => setShown(language())), []);
  return shown;
}

/**
 * A sentence with elements among its values (a linked, isolated name), or
 * with tags the message marks (`<b>Farmer</b>`, rendered by the function
 * given for `b`), for rendering.
 */
export function tNodes(key: MessageKey, values: Record<string, PrimitiveType | ComponentChildren | FormatXMLElementFn<ComponentChildren>>): ComponentChildren {
  return message(key).format<ComponentChildren>(values);
}
