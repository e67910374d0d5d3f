import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../lib/i18n';

/** `<name>text</name>` in a catalogue string; tags do not nest in our catalogues. */
const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated sentence with links (or other elements) inside it: `<terms>Termos de uso</terms>`
 * in the catalogue becomes `components.terms` wrapping "Termos de uso". It stands in for
 * react-i18next's `<Trans>`, whose parser is about 8 KB gzip that every page would carry for two
 * sentences (decision 034). A tag with no component stays as the text it is.
 */
export function RichText({
  i18nKey,
  values,
  components,
}: {
  i18nKey: TextKey;
  /** A number `count` picks the plural form. */
  values?: Record<string, string | number>;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    const element = components[name];
    if (!element) continue;
    parts.push(text.slice(last, match.index), cloneElement(element, { key: parts.length }, inner));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
