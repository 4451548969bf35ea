import Script from 'next/script';
import type { ScriptPlan } from './third-party-ids';

/**
 * Renders the planned scripts through next/script; nothing at all for an empty plan. Each carries this page's CSP
 * nonce: the inline gtag config could not run without it, and 'strict-dynamic' trusts what a nonced script loads.
 */
export function ScriptTags({ plans, nonce }: { plans: ScriptPlan[]; nonce?: string }) {
  if (plans.length === 0) return null;
  return (
    <>
      {plans.map((plan) =>
        plan.src ? (
          <Script key={plan.id} id={plan.id} src={plan.src} strategy={plan.strategy} nonce={nonce} />
        ) : (
          <Script key={plan.id} id={plan.id} strategy={plan.strategy} nonce={nonce}>
            {plan.code}
          </Script>
        ),
      )}
    </>
  );
}
