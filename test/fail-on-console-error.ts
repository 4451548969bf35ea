import { format } from 'node:util';
import { afterEach, vi } from 'vitest';

// A test that logs console.error has hidden a failure; make it visible (ARCHITECTURE.md, convention 8).
let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    // The first call as the console printed it (an object's fields, an error's stack), not `[object Object]`.
    throw new Error(`console.error was called ${logged.length} time(s): ${format(...(logged[0] ?? []))}`);
  }
});
