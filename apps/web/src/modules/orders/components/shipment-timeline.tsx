import type { ShipmentStep, ShipmentStepKind } from '../lib/shipment-timeline';
import type { TimelineState } from '../lib/timeline';

/** The words of the parcel's journey, plain strings (server pages and the public tracking form alike). */
export interface ShipmentTimelineTexts {
  /** The list's accessible name, e.g. "Parcel journey". */
  label: string;
  kinds: Record<ShipmentStepKind, string>;
  states: Record<TimelineState, string>;
}

const dot: Record<TimelineState, string> = {
  done: 'border-success bg-success',
  current: 'border-brand bg-brand ring-4 ring-brand/20',
  upcoming: 'border-line bg-white',
};

/**
 * The parcel's journey (issue 22): an ordered list, each step worded and timed (a <time> with the machine-readable
 * instant), the step where the parcel stands marked with aria-current and said in words, so nothing rests on the
 * dot's colour. `formatTime` turns an ISO instant into the visitor's language in India's time zone.
 */
export function ShipmentTimeline({ steps, texts, formatTime }: { steps: ShipmentStep[]; texts: ShipmentTimelineTexts; formatTime: (iso: string) => string }) {
  return (
    <ol aria-label={texts.label} className="flex flex-col" data-shipment-timeline="">
      {steps.map((step, index) => (
        <li
          key={`${step.kind}-${step.at ?? index}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-kind={step.kind}
          data-state={step.state}
          className="relative flex gap-3 pb-4 last:pb-0"
        >
          {index < steps.length - 1 ? <span aria-hidden="true" className="absolute start-[9px] top-5 h-full w-0.5 bg-line" /> : null}
          <span aria-hidden="true" className={`relative mt-0.5 h-5 w-5 shrink-0 rounded-full border-2 ${dot[step.state]}`} />
          <div className="min-w-0 text-sm">
            <p className={step.state === 'upcoming' ? 'text-muted' : 'font-semibold text-ink'}>
              {texts.kinds[step.kind]}
              <span className="sr-only"> ({texts.states[step.state]})</span>
            </p>
            {step.at ? (
              <p className="text-muted">
                <time dateTime={step.at}>{formatTime(step.at)}</time>
                {step.location ? <span> · {step.location}</span> : null}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
