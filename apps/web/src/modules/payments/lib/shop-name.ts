/** The name the payment provider's checkout shows when the site settings could not be read. */
export const DEFAULT_SHOP_NAME = 'Kaarigar';
