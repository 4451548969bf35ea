'use client';

import { type GrantRoleRequest, grantRoleRequestSchema } from '@shop/domain/admin/staff';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { SelectField } from '@modules/admin/catalogue/components/fields';
import { adminResolver } from '@modules/admin/lib/resolver';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { grantRole } from '../actions';

interface GrantFormTexts {
  account: string;
  role: string;
  roles: { staff: string; admin: string };
  grant: string;
  /** "{name} is now {role}" with the placeholders still in. */
  granted: string;
}

/** Find an existing account by email or mobile number and give it the staff or admin role. */
export function GrantForm({ texts }: { texts: GrantFormTexts }) {
  const router = useRouter();
  const form = useForm<GrantRoleRequest>({ resolver: adminResolver(grantRoleRequestSchema), defaultValues: { account: '', role: 'staff' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const result = await grantRole(values);
    if (!result.ok) {
      const { account, role } = result.errors ?? {};
      if (account) form.setError('account', { type: account.code, message: account.message });
      if (role) form.setError('role', { type: role.code, message: role.message });
      if (!account && !role) form.setError('root', { type: result.code, message: result.message });
      return;
    }
    const member = result.value;
    void showToast(
      'success',
      texts.granted
        .replace('{name}', member.name || member.email || member.mobile || '')
        .replace('{role}', texts.roles[member.role as 'staff' | 'admin'] ?? member.role),
    );
    form.reset({ account: '', role: values.role });
    router.refresh();
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-start gap-3">
      <TextField label={texts.account} registration={form.register('account')} error={errors.account?.message} autoComplete="off" className="min-w-64 flex-1" />
      <SelectField label={texts.role} registration={form.register('role')} error={errors.role?.message}>
        <option value="staff">{texts.roles.staff}</option>
        <option value="admin">{texts.roles.admin}</option>
      </SelectField>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:pt-7">
        <SubmitButton busy={isSubmitting}>{texts.grant}</SubmitButton>
      </div>
      {errors.root?.message ? (
        <div className="w-full">
          <FormMessage tone="error">{errors.root.message}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}
