import 'server-only';
import type { Order, StatusChange } from '@shop/domain/order';
import { orderStatuses, type OrderStatus } from '@shop/domain/order-status';
import { paymentMethods, paymentStatuses, type PaymentMethod, type PaymentStatus } from '@shop/domain/payment';
import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@lib/locale/config';
import type { TimelineItem } from '../components/status-timeline';
import type { ShipmentTimelineTexts } from '../components/shipment-timeline';
import { shipmentStepKinds, type ShipmentStepKind } from './shipment-timeline';
import type { TimelineState } from './timeline';
import { buildTimeline } from './timeline';
import { formatOrderTime } from './format-time';

/** The translated words the order pages hand to their parts (client leaves get strings, not the translator). */
export async function orderTexts() {
  const [t, locale] = await Promise.all([getTranslations('orders'), getLocale() as Promise<Locale>]);
  const statusLabels = Object.fromEntries(orderStatuses.map((status) => [status, t(`status.${status}`)])) as Record<OrderStatus, string>;
  const stateLabels: Record<TimelineState, string> = { done: t('timeline.done'), current: t('timeline.current'), upcoming: t('timeline.upcoming') };
  const tracking = {
    title: t('tracking.title'),
    carrier: t('tracking.carrier'),
    number: t('tracking.number'),
    link: t('tracking.link'),
    notShipped: t('tracking.notShipped'),
    awb: t('tracking.awb'),
    courier: t('tracking.courier'),
    expected: t('tracking.expected'),
    deliveredOn: t('tracking.deliveredOn'),
    sourceCarrier: t('tracking.sourceCarrier'),
    sourceEstimate: t('tracking.sourceEstimate'),
    cancelled: t('tracking.cancelled'),
  };
  const journey: ShipmentTimelineTexts = {
    label: t('journey.label'),
    kinds: Object.fromEntries(shipmentStepKinds.map((kind) => [kind, t(`journey.kinds.${kind}`)])) as Record<ShipmentStepKind, string>,
    states: stateLabels,
  };
  const journeyTitles = { title: t('journey.title'), show: t('journey.show'), latest: t('journey.latest', { step: '{step}' }) };
  const timeline = (status: OrderStatus, history: StatusChange[]): TimelineItem[] =>
    buildTimeline(status, history).map((step) => ({
      status: step.status,
      state: step.state,
      label: statusLabels[step.status],
      time: step.at ? formatOrderTime(step.at, locale) : null,
      note: step.note,
    }));
  return { t, locale, statusLabels, stateLabels, tracking, journey, journeyTitles, timeline, payment: paymentTexts(t) };
}

/** The words of an order's payment (method, status, refunds, "Pay now"): plain strings, so a client leaf can take them. */
function paymentTexts(t: Awaited<ReturnType<typeof getTranslations<'orders'>>>) {
  return {
    title: t('payment.title'),
    method: t('payment.method'),
    status: t('payment.status'),
    refunded: t('payment.refunded'),
    payNow: t('payment.payNow'),
    methods: Object.fromEntries(paymentMethods.map((method) => [method, t(`payment.${method}`)])) as Record<PaymentMethod, string>,
    statuses: {
      ...(Object.fromEntries(paymentStatuses.map((status) => [status, t(`payment.statuses.${status}`)])) as Record<PaymentStatus, string>),
      codPending: t('payment.statuses.codPending'),
    },
  };
}

export type PaymentTexts = ReturnType<typeof paymentTexts>;

export type OrderTexts = Awaited<ReturnType<typeof orderTexts>>;

/** Payment method names. */
export function paymentLabel(texts: OrderTexts, method: Order['paymentMethod']): string {
  return texts.t(`payment.${method}`);
}
