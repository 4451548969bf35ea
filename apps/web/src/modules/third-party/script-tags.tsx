import Script from 'next/script';
import type { ScriptPlan } from './third-party-ids';

/** Renders the planned scripts through next/script; nothing at all for an empty plan. */
export function ScriptTags({ plans }: { plans: ScriptPlan[] }) {
  if (plans.length === 0) return null;
  return (
    <>
      {plans.map((plan) =>
        plan.src ? (
          <Script key={plan.id} id={plan.id} src={plan.src} strategy={plan.strategy} />
        ) : (
          <Script key={plan.id} id={plan.id} strategy={plan.strategy}>
            {plan.code}
          </Script>
        ),
      )}
    </>
  );
}
