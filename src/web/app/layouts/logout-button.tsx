import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/logout';
import { Button, type ButtonVariant } from '../../ui/button';

/** Logs out (the token is revoked on the server) and shows the login page. */
export function LogoutButton({ variant = 'secondary', className }: { variant?: ButtonVariant; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      className={className}
      onClick={async () => {
        await logout();
        await navigate('/login', { replace: true });
      }}
    >
      <LogOut className="size-4" aria-hidden="true" />
      {t('header.logout')}
    </Button>
  );
}
