/**
 * Examples of the main operations, by operationId (decision 039). They are written from real answers of the test
 * fixtures, and the OpenAPI test validates each against its operation's schema (redocly's
 * no-invalid-media-type-examples, as an error), so a schema change that makes one wrong fails the test.
 */

interface OperationExamples {
  /** The request body's example. */
  request?: { summary: string; value: unknown };
  /** Examples of answers, by status. */
  responses?: Record<string, { summary: string; value: unknown }>;
}

const keychainImage = {
  id: 'personalised-photo-keychain-1',
  original: '/api/media/catalogue/personalised-photo-keychain-1.webp',
  width: 800,
  height: 800,
  alt: 'Personalised photo keychain',
};
const keychains = { _id: '1b7e529c-96ef-43df-9da6-e416787745ac', name: 'Keychains', slug: 'keychains' };

const productSummary = {
  _id: 'f61c6c5f-50eb-428b-81a3-5ccacbf1984b',
  name: 'Personalised Photo Keychain',
  slug: 'personalised-photo-keychain',
  image: keychainImage,
  price: 29900,
  mrp: 49900,
  discountPercent: 40,
  stock: 10,
  inStock: true,
  cod: true,
  product_customization: { type: 'image', mediaLimit: 1 },
  rating: { average: 4.5, count: 12 },
  hasVariants: false,
  flashSaleEndsAt: null,
  category: keychains,
};

const productDetail = {
  ...productSummary,
  description: 'An acrylic keychain printed with your photo.',
  images: [keychainImage, { ...keychainImage, id: 'personalised-photo-keychain-2', original: '/api/media/catalogue/personalised-photo-keychain-2.webp' }],
  brand: null,
  tags: ['keychain', 'photo'],
  hsnCode: '7117',
  gstRate: 300,
  weightGrams: 120,
  unitsSold: 50,
  featured: true,
  newArrival: false,
  unique: false,
  onSelling: false,
  variants: [],
  attributes: [],
  createdAt: '2026-01-07T21:30:00.000Z',
};

const category = {
  ...keychains,
  description: 'Keychains made by hand',
  image: { id: 'keychains', original: '/api/media/catalogue/keychains.webp', width: 800, height: 800, alt: 'Keychains' },
  parent: { _id: '0c14f45f-81e3-4f07-a850-61e35750e0e2', name: 'Personalised Gifts', slug: 'personalised-gifts' },
  featured: true,
  productCount: 2,
};

const orderRequest = {
  items: [{ productId: productSummary._id, quantity: 1 }],
  addressId: 'ad4da04c-6d82-46e2-aeb5-eedc8afbfa35',
  paymentMethod: 'cod',
};

const order = {
  _id: 'd43a4809-3403-4ee3-9c2f-9a8d664e61b6',
  number: 'KG-261126-6VYJVV',
  status: 'placed',
  statusHistory: [{ status: 'placed', at: '2026-11-26T03:25:50.121Z', actor: 'customer', note: null }],
  items: [
    {
      id: 'aa0bf8a4-7c4d-4c4d-bb9e-6fba5f56662b',
      productId: productSummary._id,
      variantId: null,
      name: productSummary.name,
      slug: productSummary.slug,
      image: keychainImage,
      attributes: {},
      sku: null,
      price: 29900,
      mrp: 49900,
      quantity: 1,
      itemTotal: 29900,
      itemMrp: 49900,
      cod: true,
      product_customization: { type: 'image', mediaLimit: 1 },
      customisation: { units: null, sentAt: null, locked: false },
    },
  ],
  totalItems: 1,
  total: 29900,
  totalMrp: 49900,
  discount: 0,
  shipping: 15000,
  grandTotal: 44900,
  codFee: 0,
  prepaidDiscount: 0,
  gift: null,
  giftWrapFee: 0,
  proofs: { required: false, list: [], cleared: true },
  codConfirmation: null,
  paymentMethod: 'cod',
  paymentStatus: 'pending',
  reservationExpiresAt: null,
  amountRefunded: 0,
  couponCode: null,
  address: {
    name: 'Asha Verma',
    mobile: '9876543210',
    line1: '12, MG Road',
    line2: null,
    landmark: null,
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  tracking: null,
  shipment: null,
  canCancel: true,
  createdAt: '2026-11-26T03:25:50.121Z',
  updatedAt: '2026-11-26T03:25:50.121Z',
};

const phoneNumber = '+919876543210';

export const operationExamples: Record<string, OperationExamples> = {
  getProducts: {
    responses: {
      200: { summary: 'The first page of a listing', value: { data: [productSummary], total: 7, page: 1, limit: 1, hasMore: true } },
    },
  },
  getProductBySlug: {
    responses: { 200: { summary: 'A product without options', value: productDetail } },
  },
  getCategories: {
    responses: { 200: { summary: 'The first page of categories', value: { data: [category], total: 7, page: 1, limit: 1, hasMore: true } } },
  },
  postUserOrder: {
    request: { summary: 'One unit, cash on delivery, to a saved address', value: orderRequest },
    responses: {
      201: { summary: 'The order as placed (the server priced it)', value: order },
      200: { summary: 'A retry with the same Idempotency-Key: the first order', value: order },
    },
  },
  getUserOrderById: {
    responses: { 200: { summary: 'One of my orders', value: order } },
  },
  postUserCoupon: {
    request: { summary: 'A code and the cart it is for', value: { code: 'FLAT100', items: [{ productId: productSummary._id, quantity: 1 }] } },
    responses: {
      200: {
        summary: "A cart below the coupon's minimum: no discount yet",
        value: {
          code: 'FLAT100',
          minimum: 49900,
          discount: { type: 'fixed', value: 10000 },
          total: 29900,
          amount: 0,
          applicable: false,
          message: 'Add items worth ₹499 or more to use this coupon',
          endsAt: '2026-12-31T18:29:59.000Z',
        },
      },
    },
  },
  postAuthPhoneNumberSendOtp: {
    request: { summary: 'Step 1 of signing in by OTP: send the code', value: { phoneNumber } },
    responses: { 200: { summary: 'The code is on its way (also for a number with no account yet)', value: { message: 'code sent' } } },
  },
  postAuthPhoneNumberVerify: {
    request: { summary: 'Step 2 of signing in by OTP: the code from the SMS', value: { phoneNumber, code: '123456' } },
    responses: {
      200: {
        summary: 'Signed in: the session cookie auth_token is set (a new number gets an account)',
        value: {
          status: true,
          token: 'psnfc7QE1RB3z0q6C3KW7GevxPVFbBE8',
          user: {
            id: '2988eee7-151c-4988-9868-1d35e5585926',
            name: '',
            email: null,
            emailVerified: false,
            image: null,
            phoneNumber,
            phoneNumberVerified: true,
            createdAt: '2026-11-26T03:25:49.093Z',
            updatedAt: '2026-11-26T03:25:49.093Z',
          },
        },
      },
    },
  },
};
