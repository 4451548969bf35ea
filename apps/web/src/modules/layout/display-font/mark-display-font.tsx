import { InlineScript } from '../components/inline-script';
import { MARK_DISPLAY_FONT_SCRIPT } from './display-font-state';

/** First in <body>: turns the headings' web font on before any heading is laid out, where it was loaded before. */
export function MarkDisplayFont() {
  return <InlineScript code={MARK_DISPLAY_FONT_SCRIPT} />;
}
