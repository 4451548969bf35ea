'use client';

import { lazy, Suspense } from 'react';
import type { ScriptPlan } from './third-party-ids';

// next/script's client code is fetched only on a page that has a script to load (a chat or analytics id is set), not
// with every page's first-load scripts (decision 115). Its strategies run after hydration in any case.
const ScriptTags = lazy(() => import('./script-tags').then((m) => ({ default: m.ScriptTags })));

export function LazyScriptTags({ plans, nonce }: { plans: ScriptPlan[]; nonce?: string }) {
  return (
    <Suspense fallback={null}>
      <ScriptTags plans={plans} nonce={nonce} />
    </Suspense>
  );
}
