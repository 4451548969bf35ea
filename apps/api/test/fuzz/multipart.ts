/**
 * Malformed multipart bodies for the upload operations, which the document describes in words only (decision 058):
 * each is sent by every caller to every upload; none may be answered with a 5xx.
 */

const BOUNDARY = 'fuzz19boundary';
const PNG_SIGNATURE = '\u0089PNG\r\n\u001a\n';

const part = (headers: string[], content: string, boundary = BOUNDARY) => `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
const filePart = (content: string, name = 'files', filename = 'photo.png', type = 'image/png') =>
  part([`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`], content);
const end = (boundary = BOUNDARY) => `--${boundary}--\r\n`;

export interface MultipartCase {
  name: string;
  contentType: string;
  payload: string;
}

const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

export const MALFORMED_MULTIPART: MultipartCase[] = [
  { name: 'no boundary in the content type', contentType: 'multipart/form-data', payload: filePart(PNG_SIGNATURE) + end() },
  { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', payload: filePart(PNG_SIGNATURE) + end() },
  { name: 'empty body', contentType: withBoundary, payload: '' },
  { name: 'not multipart at all', contentType: withBoundary, payload: 'garbage, not a multipart body' },
  { name: 'no closing boundary', contentType: withBoundary, payload: filePart(PNG_SIGNATURE) },
  {
    name: 'cut off inside a part',
    contentType: withBoundary,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Ty`,
  },
  { name: 'another boundary than announced', contentType: withBoundary, payload: filePart(PNG_SIGNATURE).replaceAll(BOUNDARY, 'other') + end('other') },
  { name: 'closing boundary only', contentType: withBoundary, payload: end() },
  { name: 'part without headers', contentType: withBoundary, payload: `--${BOUNDARY}\r\n\r\nhello\r\n` + end() },
  {
    name: 'part without a name',
    contentType: withBoundary,
    payload: part(['Content-Disposition: form-data; filename="a.png"', 'Content-Type: image/png'], PNG_SIGNATURE) + end(),
  },
  { name: 'NUL in the field name and file name', contentType: withBoundary, payload: filePart(PNG_SIGNATURE, 'fi\u0000les', 'a\u0000.png') + end() },
  { name: 'file name with a path', contentType: withBoundary, payload: filePart(PNG_SIGNATURE, 'files', '../../../etc/passwd') + end() },
  {
    name: 'a 100 KB header line',
    contentType: withBoundary,
    payload: part(['Content-Disposition: form-data; name="files"; filename="a.png"', `X-Long: ${'x'.repeat(100_000)}`], PNG_SIGNATURE) + end(),
  },
  { name: 'text claiming to be a PNG', contentType: withBoundary, payload: filePart('just some text') + end() },
  { name: 'a truncated PNG', contentType: withBoundary, payload: filePart(`${PNG_SIGNATURE}\u0000\u0000\u0000\rIHDR\u0000\u0000\u0010`) + end() },
  {
    name: '300 text fields',
    contentType: withBoundary,
    payload: Array.from({ length: 300 }, (_, index) => part([`Content-Disposition: form-data; name="f${index}"`], 'x')).join('') + end(),
  },
  {
    name: 'hostile text fields',
    contentType: withBoundary,
    payload:
      part(['Content-Disposition: form-data; name="alt"'], 'a\u0000b') +
      part(['Content-Disposition: form-data; name="orderId"'], 'not-a-uuid') +
      part(['Content-Disposition: form-data; name="productId"'], "' OR 1=1 --") +
      part(['Content-Disposition: form-data; name="lineId"'], '-1') +
      filePart(PNG_SIGNATURE) +
      end(),
  },
  { name: 'a JSON body where multipart is expected', contentType: 'application/json', payload: '{"files":[]}' },
  { name: 'no body and no content type', contentType: '', payload: '' },
];
