import { Fragment, type ReactNode } from 'react';

/** Stands in for the value while the message is formatted: a private-use character no translation contains. */
const SLOT = '\uE000';

/**
 * A translated sentence with one value (a name, a phone number) set apart for the Unicode bidi algorithm. Inside an
 * Arabic sentence "+91 98123 45670" otherwise reads "45670 98123 91+", and a name at the sentence's edge trades
 * places with its punctuation. `format` formats the message with a stand-in for the value; the value then sits in its
 * own <bdi>: its direction taken from its own letters, or `dir` ("ltr" for phone numbers, which have none to go by).
 * The catalogues stay plain strings, so translators never meet markup, and the sentence's text is unchanged.
 */
export function isolateIn(format: (slot: string) => string, value: string, dir?: 'ltr'): ReactNode {
  return format(SLOT)
    .split(SLOT)
    .map((part, i) => (
      <Fragment key={i}>
        {i > 0 ? <bdi dir={dir}>{value}</bdi> : null}
        {part}
      </Fragment>
    ));
}
