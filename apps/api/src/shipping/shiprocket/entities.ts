/**
 * Shiprocket's request and response shapes for the calls the shop makes (apidocs.shiprocket.in, API v1 "external",
 * base https://apiv2.shiprocket.in/v1/external), and its tracking webhook. Written out by hand: Shiprocket publishes
 * no SDK. Only the fields we send or read are typed; both sides (our adapter and the loopback carrier) use these.
 */

/** POST /auth/login: the API user's e-mail and password; the token is a JWT valid for 10 days. */
export interface AuthLoginRequest {
  email: string;
  password: string;
}
export interface AuthLoginResponse {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_id: number;
  created_at: string;
  token: string;
}

export interface AdhocOrderItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees per unit. */
  selling_price: number;
  discount?: number;
  tax?: number;
  hsn?: string | number;
}

/** POST /orders/create/adhoc. Amounts in rupees, weight in kilograms, sides in centimetres. */
export interface AdhocOrderRequest {
  order_id: string;
  /** "YYYY-MM-DD HH:mm". */
  order_date: string;
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name: string;
  billing_address: string;
  billing_address_2?: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  shipping_is_billing: boolean;
  order_items: AdhocOrderItem[];
  payment_method: 'COD' | 'Prepaid';
  sub_total: number;
  length: number;
  breadth: number;
  height: number;
  weight: number;
}
export interface AdhocOrderResponse {
  order_id: number;
  shipment_id: number;
  status: string;
  status_code: number;
  onboarding_completed_now: number;
  awb_code: string | null;
  courier_company_id: number | null;
  courier_name: string | null;
}

/** POST /courier/assign/awb. */
export interface AssignAwbRequest {
  shipment_id: number | string;
  courier_id?: number | string;
}
export interface AssignAwbResponse {
  awb_assign_status: number;
  response: {
    data: {
      courier_company_id: number;
      awb_code: string;
      cod: number;
      order_id: number;
      shipment_id: number;
      awb_code_status: number;
      assigned_date_time: { date: string; timezone_type: number; timezone: string };
      applied_weight: number;
      company_id: number;
      courier_name: string;
      child_courier_name: string | null;
      routing_code: string;
      rto_routing_code: string;
      invoice_no: string;
      transporter_id: string;
      transporter_name: string;
      shipped_by: Record<string, string>;
    };
  };
}

/** POST /courier/generate/label. */
export interface GenerateLabelRequest {
  shipment_id: Array<number | string>;
}
export interface GenerateLabelResponse {
  label_created: number;
  label_url: string;
  response: string;
  not_created: Array<number | string>;
}

/** POST /courier/generate/pickup. */
export interface GeneratePickupRequest {
  shipment_id: Array<number | string>;
  /** "YYYY-MM-DD" (optional: the next pickup slot). */
  pickup_date?: string[];
}
export interface GeneratePickupResponse {
  pickup_status: number;
  response: {
    pickup_scheduled_date: string;
    pickup_token_number: string;
    status: number;
    others: string;
    pickup_generated_date: { date: string; timezone_type: number; timezone: string };
    data: string;
  };
}

/** POST /manifests/generate. */
export interface GenerateManifestRequest {
  shipment_id: Array<number | string>;
}
export interface GenerateManifestResponse {
  status: number;
  manifest_url: string;
}

/** POST /orders/cancel: the carrier's order ids. */
export interface CancelOrdersRequest {
  ids: Array<number | string>;
}

/** One scan of a tracking webhook or of GET /courier/track/awb/{awb}. */
export interface ShiprocketScan {
  date: string;
  status: string;
  activity: string;
  location: string;
  'sr-status': string | number;
  'sr-status-label': string;
}

/** The tracking webhook Shiprocket POSTs to the URL set in its panel, with the panel's token as `x-api-key`. */
export interface TrackingWebhook {
  awb: string | number;
  courier_name: string;
  current_status: string;
  current_status_id: number;
  shipment_status: string;
  shipment_status_id: number;
  /** "DD MM YYYY HH:mm:ss", India time. */
  current_timestamp: string;
  order_id: string;
  sr_order_id: number;
  awb_assigned_date: string | null;
  pickup_scheduled_date: string | null;
  /** The estimated delivery, "YYYY-MM-DD HH:mm:ss". */
  etd: string | null;
  scans: ShiprocketScan[];
  is_return: number;
  channel_id: number;
  pod_status: string;
  pod: string;
}

/** GET /courier/track/awb/{awb}. */
export interface TrackAwbResponse {
  tracking_data: {
    track_status: number;
    shipment_status: number;
    shipment_track: Array<{
      id: number;
      awb_code: string;
      courier_company_id: number;
      shipment_id: number;
      order_id: number;
      pickup_date: string | null;
      delivered_date: string | null;
      weight: string;
      packages: number;
      current_status: string;
      delivered_to: string;
      destination: string;
      consignee_name: string;
      origin: string;
      courier_agent_details: string | null;
      edd: string | null;
    }>;
    shipment_track_activities: ShiprocketScan[] | null;
    track_url: string;
    etd: string | null;
  };
}

/** Shiprocket's error body: `{ message }`, a 422 with `errors` by field. */
export interface ShiprocketError {
  message: string;
  status_code?: number;
  errors?: Record<string, string[]>;
}
