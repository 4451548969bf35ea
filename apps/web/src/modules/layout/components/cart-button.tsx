// The header's cart button lives with the cart (modules/cart); the header keeps importing it from here.
export { CartButton } from '@modules/cart/components/cart-button';
