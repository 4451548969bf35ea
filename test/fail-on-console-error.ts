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
    throw new Error(`console.error was called ${logged.length} time(s): ${String(logged[0]?.[0])}`);
  }
});
