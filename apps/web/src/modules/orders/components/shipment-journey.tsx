import type { CustomerShipment } from '@shop/domain/shipping/shipment';
import type { Locale } from '@lib/locale/config';
import { formatOrderTime } from '../lib/format-time';
import { buildShipmentTimeline } from '../lib/shipment-timeline';
import { ShipmentTimeline, type ShipmentTimelineTexts } from './shipment-timeline';

export interface JourneyTitles {
  title: string;
  /** The disclosure's words on the orders list. */
  show: string;
  /** "Latest: {step}", filled in here. */
  latest: string;
}

/**
 * The second shipping widget of spec §2 (orders list and order detail only): the parcel's journey from the carrier's
 * events. On the order detail a card with the full list; on the orders list (`compact`) a native disclosure that
 * names the latest step and opens on the full list, so a phone's list of orders stays short and needs no script.
 * Nothing is shown before a shipment exists (the tracking panel then says "not shipped yet"). Hook-free (the public
 * tracking form renders it too); the full card appears once a page, so its heading's id is fixed.
 */
export function ShipmentJourney({
  shipment,
  texts,
  titles,
  locale,
  compact = false,
  heading: Heading = 'h2',
}: {
  shipment: CustomerShipment | null;
  texts: ShipmentTimelineTexts;
  titles: JourneyTitles;
  locale: Locale;
  compact?: boolean;
  /** The card's heading level where it sits under another section (the public tracking form's answer). */
  heading?: 'h2' | 'h3' | 'h4';
}) {
  if (!shipment) return null;
  const steps = buildShipmentTimeline(shipment);
  if (steps.length === 0) return null;
  const timeline = <ShipmentTimeline steps={steps} texts={texts} formatTime={(iso) => formatOrderTime(iso, locale)} />;
  if (compact) {
    const current = steps.find((step) => step.state === 'current') ?? steps[0]!;
    return (
      <details data-shipping-widget="timeline" className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-brand">
          {titles.show}
          <span className="font-normal text-ink">· {titles.latest.replace('{step}', texts.kinds[current.kind])}</span>
        </summary>
        <div className="mt-2">{timeline}</div>
      </details>
    );
  }
  return (
    <section data-shipping-widget="timeline" aria-labelledby="parcel-journey" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <Heading id="parcel-journey" className="mb-4 text-lg font-semibold">
        {titles.title}
      </Heading>
      {timeline}
    </section>
  );
}
