import type { OrderStatus } from '@shop/domain/order-status';
import type { TimelineState } from '../lib/timeline';

/** One step, already worded: works in server pages and in the tracking form's answer alike (no hooks). */
export interface TimelineItem {
  status: OrderStatus;
  state: TimelineState;
  label: string;
  /** Formatted time the order reached this step, or null for a step still to come. */
  time: string | null;
  note: string | null;
}

const dot: Record<TimelineState, string> = {
  done: 'border-success bg-success',
  current: 'border-brand bg-brand ring-4 ring-brand/20',
  upcoming: 'border-line bg-white',
};

/** The status timeline: an ordered list, the current step marked for screen readers with aria-current. */
export function StatusTimeline({ items, label, stateLabels }: { items: TimelineItem[]; label: string; stateLabels: Record<TimelineState, string> }) {
  return (
    <ol aria-label={label} className="flex flex-col">
      {items.map((item, index) => (
        <li
          key={`${item.status}-${index}`}
          aria-current={item.state === 'current' ? 'step' : undefined}
          data-status={item.status}
          data-state={item.state}
          className="relative flex gap-3 pb-5 last:pb-0"
        >
          {index < items.length - 1 ? <span aria-hidden="true" className="absolute start-[9px] top-5 h-full w-0.5 bg-line" /> : null}
          <span aria-hidden="true" className={`relative mt-0.5 h-5 w-5 shrink-0 rounded-full border-2 ${dot[item.state]}`} />
          <div className="min-w-0 text-sm">
            <p className={item.state === 'upcoming' ? 'text-muted' : 'font-semibold text-ink'}>
              {item.label}
              <span className="sr-only"> ({stateLabels[item.state]})</span>
            </p>
            {item.time ? <p className="text-muted">{item.time}</p> : null}
            {item.note ? <p className="text-ink/80">{item.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
