import type { FuzzRequest, Operation } from './operations.ts';

/** 5xx answers the fuzzer found, printed so a developer can send the same request again (decision 058). */

export interface Finding {
  operation: Operation;
  request: FuzzRequest;
  status: number;
  body: string;
  /** The error the app handled, when the onError hook saw one. */
  error?: Error;
  /** What libraries printed with console.error meanwhile (better-auth's own server errors). */
  printed?: string[];
}

const clip = (text: string, max = 1_500) => (text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`);

const indented = (text: string) => clip(text, 1_200).split('\n').slice(0, 8).join('\n    ');

/** The same problem found by many requests: the operation, status and first line of the error. */
export const signatureOf = (finding: Finding) =>
  `${finding.operation.method} ${finding.operation.path} ${finding.status} ${
    finding.error ? `${finding.error.name}: ${finding.error.message.split('\n')[0]}` : (finding.printed?.[0]?.split('\n')[0] ?? clip(finding.body, 200))
  }`;

export function describeFinding(finding: Finding, count: number, reproduce: string): string {
  const { operation, request } = finding;
  const lines = [
    `${operation.method} ${operation.path} (${operation.id}) as ${request.caller}: ${finding.status}` +
      (count > 1 ? `, ${count} requests with this error` : ''),
    `  request: ${request.method} ${clip(request.url, 600)}`,
    `  headers: ${JSON.stringify(request.headers)}`,
    ...(request.payload !== undefined ? [`  body: ${clip(JSON.stringify(request.payload))}`] : []),
    `  answer: ${finding.status} ${clip(finding.body, 600)}`,
    ...(finding.error ? [`  error: ${indented(finding.error.stack ?? String(finding.error))}`] : []),
    ...(finding.printed ?? []).map((printed) => `  printed: ${indented(printed)}`),
    `  again: ${reproduce}`,
  ];
  return lines.join('\n');
}

/** Findings grouped by signature, each printed once with its first request and how many requests had it. */
export function describeFindings(findings: Finding[], reproduce: (finding: Finding) => string): string[] {
  const groups = new Map<string, { first: Finding; count: number }>();
  for (const finding of findings) {
    const signature = signatureOf(finding);
    const group = groups.get(signature);
    if (group) group.count++;
    else groups.set(signature, { first: finding, count: 1 });
  }
  return [...groups.values()].map(({ first, count }) => describeFinding(first, count, reproduce(first)));
}
