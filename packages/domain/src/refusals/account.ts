import { defineRefusals } from './define.ts';

/**
 * Refusals of the account area (decision 037): sign-in and sign-up (better-auth's codes, in lower case), the profile,
 * and saved addresses. The shared person fields (name, email, mobile) are here too: the contact, feedback and review
 * forms use them as well.
 */

/** Most addresses one account may keep (the API answers `address_limit_reached` beyond it). */
export const MAX_ADDRESSES_PER_USER = 20;

/** Longest value of each address field, in characters. */
export const addressLimits = { name: 80, line1: 120, line2: 120, landmark: 80, city: 60 } as const;

/** Password lengths better-auth accepts (its defaults), and the longest name the profile form takes. */
export const passwordLimits = { min: 8, max: 128 } as const;
export const PROFILE_NAME_MAX = 100;

export const accountRefusals = defineRefusals({
  // Sign-in, sign-up and the profile. better-auth answers these codes in upper case; the API passes them on in lower
  // case with these texts (apps/api/src/auth/refusals.ts).
  invalid_email_or_password: { status: 401, message: () => 'Wrong email or password' },
  invalid_email: { status: 400, message: () => 'Please provide valid email address.' },
  email_not_verified: { status: 403, message: () => 'Please verify your email first: open the link we emailed you.' },
  invalid_otp: { status: 400, message: () => 'That code is not right. Check it and try again.' },
  otp_expired: { status: 400, message: () => 'That code has expired. Ask for a new one.' },
  otp_not_found: { status: 400, message: () => 'That code has expired. Ask for a new one.' },
  too_many_attempts: { status: 403, message: () => 'Too many wrong tries. Ask for a new code.' },
  invalid_password: { status: 400, message: () => 'Your current password is not right' },
  credential_account_not_found: { status: 400, message: () => 'Your account has no password yet. Use Forgot password to set one.' },
  password_too_short: {
    status: 400,
    message: (p: { min: number }) => `Password must be at least ${p.min} characters`,
    fixed: { min: passwordLimits.min },
  },
  password_too_long: {
    status: 400,
    message: (p: { max: number }) => `Password must be at most ${p.max} characters`,
    fixed: { max: passwordLimits.max },
  },
  invalid_token: { status: 400, message: () => 'This link has expired or has already been used.' },
  phone_number_exist: { status: 400, message: () => 'This mobile number belongs to another account' },
  user_already_exists: { status: 422, message: () => 'An account with this email already exists' },
  user_already_exists_use_another_email: { status: 422, message: () => 'An account with this email already exists' },
  // The sign-in and profile forms' own checks (the same codes as the API where it has one).
  phone_invalid: { status: 400, message: () => 'Enter a valid 10-digit mobile number' },
  otp_format_invalid: { status: 400, message: () => 'Enter the 6-digit code' },
  password_required: { status: 400, message: () => 'Password is required' },
  passwords_differ: { status: 400, message: () => 'The passwords do not match' },
  profile_name_too_long: {
    status: 400,
    message: (p: { max: number }) => `Name must be at most ${p.max} characters`,
    fixed: { max: PROFILE_NAME_MAX },
  },
  /** A name with control characters or text-direction controls (e.g. U+202E), which would disguise how it reads. */
  profile_name_characters: { status: 400, message: () => 'Name must not contain control or text-direction characters' },
  /** The shop shows no profile pictures, so an account's `image` is never set through the API. */
  profile_image_not_accepted: { status: 400, message: () => 'A profile picture cannot be set' },

  // Person fields shared by the account, address, contact and feedback forms.
  name_required: { status: 400, message: () => 'Name is required' },
  name_too_long: {
    status: 400,
    message: (p: { max: number }) => `Name can be at most ${p.max} characters`,
    fixed: { max: addressLimits.name },
  },
  email_required: { status: 400, message: () => 'Email is required' },
  mobile_required: { status: 400, message: () => 'Mobile number is required' },

  // Saved addresses (/api/user/addresses).
  address_limit_reached: {
    status: 409,
    message: (p: { max: number }) => `You can save at most ${p.max} addresses. Delete one to add another.`,
    fixed: { max: MAX_ADDRESSES_PER_USER },
  },
  mobile_length_invalid: { status: 400, message: () => 'Mobile number must be 10 digits' },
  mobile_start_invalid: { status: 400, message: () => 'Mobile number must start with 6, 7, 8 or 9' },
  address_line1_required: { status: 400, message: () => 'Address line 1 is required' },
  address_line1_too_long: {
    status: 400,
    message: (p: { max: number }) => `Address line 1 can be at most ${p.max} characters`,
    fixed: { max: addressLimits.line1 },
  },
  address_line2_too_long: {
    status: 400,
    message: (p: { max: number }) => `Address line 2 can be at most ${p.max} characters`,
    fixed: { max: addressLimits.line2 },
  },
  landmark_too_long: {
    status: 400,
    message: (p: { max: number }) => `Landmark can be at most ${p.max} characters`,
    fixed: { max: addressLimits.landmark },
  },
  city_required: { status: 400, message: () => 'City is required' },
  city_too_long: {
    status: 400,
    message: (p: { max: number }) => `City can be at most ${p.max} characters`,
    fixed: { max: addressLimits.city },
  },
  state_invalid: { status: 400, message: () => 'Choose a state' },
  pincode_required: { status: 400, message: () => 'PIN code is required' },
  pincode_invalid: { status: 400, message: () => 'PIN code must be 6 digits and cannot start with 0' },
  default_flag_invalid: { status: 400, message: () => 'Default must be true or false' },
});
