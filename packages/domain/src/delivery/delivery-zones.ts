import type { DeliveryZone } from './delivery-settings.ts';

/** A place as the pincode directory names it: district (shown as the city) and state. */
export interface Place {
  city: string;
  state: string;
}

/** North-east, Jammu and Kashmir, Ladakh and the islands: the zone couriers price and time separately. */
const REMOTE_STATES = new Set([
  'Assam',
  'Arunachal Pradesh',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Tripura',
  'Sikkim',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** The metros by the districts the 2015 India Post directory uses (all of Delhi is one metro). */
const METRO_DISTRICTS: Record<string, string> = {
  Mumbai: 'mumbai',
  Thane: 'mumbai',
  Kolkata: 'kolkata',
  Chennai: 'chennai',
  Bangalore: 'bengaluru',
  Hyderabad: 'hyderabad',
  'K.V.Rangareddy': 'hyderabad',
  Pune: 'pune',
  Ahmedabad: 'ahmedabad',
};

function metroOf(place: Place): string | null {
  if (place.state === 'Delhi') return 'delhi';
  return METRO_DISTRICTS[place.city] ?? null;
}

function same(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The zone of a parcel from the shop to a destination, first match wins: same city, north-east/J&K, same state, metro to metro, rest of India. */
export function deliveryZoneOf(origin: Place, destination: Place): DeliveryZone {
  const originMetro = metroOf(origin);
  const sameMetro = originMetro !== null && originMetro === metroOf(destination);
  if (sameMetro || (same(origin.city, destination.city) && same(origin.state, destination.state))) return 'sameCity';
  if (REMOTE_STATES.has(destination.state) && !same(origin.state, destination.state)) return 'northEastJk';
  if (same(origin.state, destination.state)) return 'sameState';
  if (originMetro !== null && metroOf(destination) !== null) return 'metro';
  return 'restOfIndia';
}
