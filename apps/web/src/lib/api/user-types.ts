/** The answer of POST /api/user (issue 3 contract). */
export interface UserProfile {
  _id: string;
  name: string;
  email: string | null;
  /** "+91XXXXXXXXXX" */
  mobile: string | null;
  role: 'customer' | 'staff' | 'admin';
  emailVerified: boolean;
  phoneVerified: boolean;
}
