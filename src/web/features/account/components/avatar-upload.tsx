import { ImageUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAvatar } from '../../../../contract/rules/display-name';
import type { User } from '../../../../contract/users';
import { getErrorText } from '../../../lib/error-text';
import { isApiError } from '../../../lib/api-client';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { FilePickerButton } from '../../../ui/file-picker-button';
import { SuccessMessage, useSuccessMessage } from '../../../ui/success-message';
import { useDeleteAvatar, useUploadAvatar } from '../api';

/** The profile photo: upload (images; the server checks the content) and removal. */
export function AvatarUpload({ user }: { user: User }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const success = useSuccessMessage();
  const [error, setError] = useState<string | undefined>();

  const onFile = async (file: File) => {
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      success.show(t('account.photo.saved'));
    } catch (e) {
      console.warn('Avatar upload failed', e);
      setError(
        isApiError(e) ? (e.fieldErrors.avatar?.[0] ?? e.serverMessage ?? getErrorText(e, t)) : getErrorText(e, t),
      );
    }
  };
  const onRemove = async () => {
    setError(undefined);
    try {
      await remove.mutateAsync();
      success.show(t('account.photo.removed'));
    } catch (e) {
      console.warn('Avatar removal failed', e);
      setError(getErrorText(e, t));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={user.avatar} alt={t('account.photo.alt')} className="size-20" />
        <FilePickerButton
          id="account-avatar"
          accept="image/*"
          variant="secondary"
          busy={upload.isPending}
          onFile={(file) => void onFile(file)}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {t('account.photo.upload')}
        </FilePickerButton>
        {hasAvatar(user.avatar) && (
          <Button variant="ghost" busy={remove.isPending} onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('account.photo.remove')}
          </Button>
        )}
      </div>
      <FormError message={error} />
      <SuccessMessage message={success.message} token={success.token} />
    </div>
  );
}
