import { Button, Dialog, Field, Grid, IconButton, Input, InputGroup, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDto } from '@atende/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { LoadingState } from '@/components/loading-state';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError, type ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import { QueueMultiSelect, useQueueOptions } from '@/entities/queue';
import { useCreateUser, useUpdateUser, useUser } from '../api/users';
import {
  createUserFormSchema,
  editUserFormSchema,
  formValuesOf,
  toCreatePayload,
  toUserPayload,
  type UserFormValues,
} from '../lib/user-form';
import { USERS_NS } from '../i18n';

export type UserFormMode = 'create' | 'edit' | 'self';

export interface UserFormDialogProps {
  open: boolean;
  mode: UserFormMode;
  /** The user being edited (edit) or the signed-in user (self). */
  userId?: string;
  /** Whether the person using the form is an admin: operators editing themselves see fewer fields. */
  actorIsAdmin: boolean;
  onClose: () => void;
}

const FIELD_NAMES = ['name', 'email', 'password'] as const;

export function UserFormDialog({ open, mode, userId, actorIsAdmin, onClose }: UserFormDialogProps) {
  const { t } = useTranslation(USERS_NS);
  const editing = mode !== 'create';
  const userQuery = useUser(open && editing ? userId : undefined);
  const isPhone = useMediaQuery('(max-width: 479px)');
  const title = mode === 'create' ? t('modal.addTitle') : mode === 'edit' ? t('modal.editTitle') : t('modal.profileTitle');

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      size={isPhone ? 'full' : 'md'}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {editing && !userQuery.data ? (
        <Dialog.Body>
          <LoadingState minH="48" />
        </Dialog.Body>
      ) : (
        <UserForm
          key={userQuery.data?.id ?? 'new'}
          mode={mode}
          user={userQuery.data ?? null}
          actorIsAdmin={actorIsAdmin}
          onDone={onClose}
        />
      )}
    </DialogShell>
  );
}

interface UserFormProps {
  mode: UserFormMode;
  user: UserDto | null;
  actorIsAdmin: boolean;
  onDone: () => void;
}

function UserForm({ mode, user, actorIsAdmin, onDone }: UserFormProps) {
  const { t } = useTranslation(USERS_NS);
  const [showPassword, setShowPassword] = useState(false);
  const showAdminFields = mode !== 'self' || actorIsAdmin;
  const isSelf = mode === 'self' || (!!user && user.id === sessionStore.get().user?.id);
  const queues = useQueueOptions(showAdminFields);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const schema = mode === 'create' ? createUserFormSchema : editUserFormSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: formValuesOf(user),
  });

  useEffect(() => reset(formValuesOf(user)), [user, reset]);

  const onSubmit = async (values: UserFormValues) => {
    if (isSelf && actorIsAdmin && values.status === false) {
      notify.warning(t('modal.cannotDeactivateSelf'));
      return;
    }
    try {
      if (mode === 'create') {
        await createUser.mutateAsync(toCreatePayload(values));
        notify.success(t('saved'));
      } else {
        const input = toUserPayload(values, { includeAdminFields: showAdminFields });
        const saved = await updateUser.mutateAsync({ id: user!.id, input });
        const me = sessionStore.get().user;
        if (me && saved.id === me.id) sessionStore.setUser({ ...me, ...saved, company: me.company });
        notify.success(mode === 'self' ? t('modal.profileSaved') : t('saved'));
      }
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_CANNOT_DEACTIVATE_SELF') {
        notify.warning(t('modal.cannotDeactivateSelf'));
        return;
      }
      // A refusal about a field shows on that field only: no toast (one more per retry, issue 8 item 16).
      if (isApiError(error) && error.code === 'ERR_EMAIL_ALREADY_EXISTS') {
        setError('email', { message: 'errors.ERR_EMAIL_ALREADY_EXISTS' });
        return;
      }
      const fieldErrors = isApiError(error) ? FIELD_NAMES.filter((field) => error.fields?.[field]) : [];
      for (const field of fieldErrors) setError(field, { message: (error as ApiError).fields![field] });
      if (fieldErrors.length > 0) return;
      notify.error(error);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="5" pt="1">
          {showAdminFields ? (
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" alignItems="start">
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Field.Root>
                    <Field.Label>{t('modal.status')}</Field.Label>
                    <Switch.Root
                      colorPalette="brand"
                      checked={field.value}
                      onCheckedChange={({ checked }) => {
                        if (isSelf && !checked) {
                          notify.warning(t('modal.cannotDeactivateSelf'));
                          return;
                        }
                        field.onChange(checked);
                      }}
                      mt="1.5"
                    >
                      <Switch.HiddenInput name={field.name} onBlur={field.onBlur} />
                      <Switch.Control />
                      <Switch.Label fontWeight="normal" color="fg.muted">
                        {field.value ? t('common.active') : t('common.inactive')}
                      </Switch.Label>
                    </Switch.Root>
                  </Field.Root>
                )}
              />
              <Field.Root>
                <Field.Label>{t('modal.profile')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...register('profile')}>
                    <option value="admin">{t('profiles.admin')}</option>
                    <option value="user">{t('profiles.user')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Grid>
          ) : null}
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>
              {t('modal.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="name" {...register('name')} />
            <Field.ErrorText>{translateMessage(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>
              {t('modal.email')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" {...register('email')} />
            <Field.ErrorText>{translateMessage(errors.email?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.password} required={mode === 'create'}>
            <Field.Label>
              {t('modal.password')}
              {mode === 'create' ? <Field.RequiredIndicator /> : null}
            </Field.Label>
            <InputGroup
              endElement={
                <IconButton
                  variant="ghost"
                  size="xs"
                  me="-1.5"
                  aria-label={showPassword ? t('common.hidePassword') : t('common.showPassword')}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? <LuEyeOff /> : <LuEye />}
                </IconButton>
              }
            >
              <Input type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...register('password')} />
            </InputGroup>
            {errors.password ? (
              <Field.ErrorText>{translateMessage(errors.password.message)}</Field.ErrorText>
            ) : mode !== 'create' ? (
              <Field.HelperText>{t('modal.passwordKeep')}</Field.HelperText>
            ) : null}
          </Field.Root>
          {showAdminFields ? (
            <Field.Root>
              <Field.Label>{t('modal.queues')}</Field.Label>
              {queues.isPending ? (
                <LoadingState minH="12" />
              ) : (
                <Controller
                  control={control}
                  name="queueIds"
                  render={({ field }) => (
                    <QueueMultiSelect
                      queues={queues.data ?? []}
                      value={field.value ?? []}
                      onChange={field.onChange}
                      placeholder={queues.data?.length ? t('modal.queuesPlaceholder') : t('modal.noQueues')}
                      disabled={!queues.data?.length}
                      aria-label={t('modal.queues')}
                    />
                  )}
                />
              )}
            </Field.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {mode === 'create' ? t('common.add') : t('common.save')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
