import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Anchor, AppShell, Burger, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconLogin, IconLogout, IconUserCircle } from '../ui/icons';
import { paths } from '../../config/paths';
import { useCan } from '../../hooks/use-can';
import { fullName, logout, seesStatistics, useSession, type Session } from '../../lib/auth';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n';
import { LogoMark } from './logo-mark';
import classes from './app-layout.module.css';

interface Tab {
  to: string;
  label: string;
}

function useTabs(session: Session | null): Tab[] {
  const { t } = useTranslation();
  const can = useCan();
  if (!session) return [];
  const tabs: Tab[] = [{ to: paths.projects(), label: t('nav.projects') }];
  // Spec §2 shows the Statistic tab to non-admins with the feature on; admins reach it too (issue 12).
  if (seesStatistics(session)) {
    tabs.push({ to: paths.dashboard(), label: t('nav.statistic') });
  }
  if (can('users.manage')) tabs.push({ to: paths.users(), label: t('nav.users') });
  if (can('audit.read')) tabs.push({ to: paths.audit(), label: t('audit.nav') });
  if (can('mail.read')) tabs.push({ to: paths.mailLog(), label: t('nav.mail') });
  return tabs;
}

function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      size="xs"
      value={currentLanguage()}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void setLanguage(value);
      }}
    />
  );
}

function SessionActions({ session, stacked = false }: { session: Session | null; stacked?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!session) {
    return (
      <Button
        component={Link}
        to={paths.login()}
        variant="default"
        size="xs"
        leftSection={<IconLogin size={16} aria-hidden />}
      >
        {t('nav.login')}
      </Button>
    );
  }
  return (
    <>
      <Anchor component={Link} to={paths.account()} size="sm" fw={500} c="var(--mantine-color-text)">
        <Group gap={6} wrap="nowrap" justify={stacked ? 'flex-start' : 'center'}>
          <IconUserCircle size={18} aria-hidden />
          {fullName(session.user)}
        </Group>
      </Anchor>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => {
          logout();
          void navigate(paths.login(), { replace: true });
        }}
      >
        {t('nav.logout')}
      </Button>
    </>
  );
}

/**
 * The application shell: header navigation (spec §2), a drawer-style menu on phones, and the page.
 * `banner` goes above every page (the "log in as" banner, composed by the route layout).
 */
export function AppLayout({ children, banner }: { children?: ReactNode; banner?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const tabs = useTabs(session);
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on, so following any link closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpened = menuOpenedAt === pathname;

  const tabLinks = tabs.map((tab) => (
    <Button
      key={tab.to}
      component={NavLink}
      to={tab.to}
      variant="subtle"
      color="gray"
      className={classes.tab}
      justify="flex-start"
    >
      {tab.label}
    </Button>
  ));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { desktop: true, mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={() => setMenuOpenedAt(menuOpened ? null : pathname)}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleMenu')}
              aria-expanded={menuOpened}
              aria-controls="mobile-navigation"
            />
            <Link to={paths.projects()} className={classes.logo}>
              <LogoMark />
              <span>{t('app.name')}</span>
            </Link>
            {tabs.length > 0 && (
              <Group
                component="nav"
                aria-label={t('nav.mainNavigation')}
                gap={4}
                visibleFrom="sm"
                wrap="nowrap"
              >
                {tabLinks}
              </Group>
            )}
          </Group>
          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            <LanguageSelect />
            <SessionActions session={session} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" id="mobile-navigation" hiddenFrom="sm">
        {/* Rendered only while open, so the closed menu never duplicates the header links. */}
        {menuOpened && (
          <Stack gap="sm">
            {tabs.length > 0 && (
              <Stack component="nav" aria-label={t('nav.mainNavigation')} gap={4}>
                {tabLinks}
              </Stack>
            )}
            <LanguageSelect />
            <SessionActions session={session} stacked />
          </Stack>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        {banner}
        {children ?? <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
