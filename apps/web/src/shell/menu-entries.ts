import type { SvgIconComponent } from '@mui/icons-material';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { decideNavigation, type GuardUser } from '../app/guard/navigation-guard';

/** A page of the menu: `to` is a path with an optional query (catalog categories). */
interface MenuLink {
  kind: 'link';
  key: string;
  to: string;
  icon?: SvgIconComponent;
}

/** A group opens a sub-drawer: of links, or of the current farm's plots (field). */
interface MenuGroup {
  kind: 'group';
  key: string;
  icon: SvgIconComponent;
  children: readonly MenuLink[];
  /** The field group lists plots (a later issue), reached at this path. */
  plotsOf?: string;
}

type MenuEntry = MenuLink | MenuGroup;

const CATALOG_CATEGORIES = ['fungicide', 'herbicide', 'nematicide', 'variety'] as const;

/** The spec's menu entries (§2), in order. Labels: namespace shell, menu.<key>. */
const MENU_ENTRIES: readonly MenuEntry[] = [
  { kind: 'link', key: 'my_farm', to: '/my_farm', icon: HomeOutlinedIcon },
  {
    kind: 'group',
    key: 'field',
    icon: MapOutlinedIcon,
    plotsOf: '/field',
    children: [{ kind: 'link', key: 'field_all', to: '/field' }],
  },
  {
    kind: 'group',
    key: 'planning',
    icon: EventNoteOutlinedIcon,
    children: [
      { kind: 'link', key: 'varieties', to: '/cultivares' },
      { kind: 'link', key: 'programs', to: '/programas' },
    ],
  },
  { kind: 'link', key: 'sowings', to: '/sowings', icon: AgricultureOutlinedIcon },
  {
    kind: 'group',
    key: 'catalog',
    icon: MenuBookOutlinedIcon,
    children: CATALOG_CATEGORIES.map((category) => ({
      kind: 'link' as const,
      key: `catalog_${category}`,
      to: `/catalog?category=${category}`,
    })),
  },
  { kind: 'link', key: 'notes', to: '/notes', icon: StickyNote2OutlinedIcon },
  { kind: 'link', key: 'performance', to: '/performance', icon: InsightsOutlinedIcon },
  { kind: 'link', key: 'integrations', to: '/integrations', icon: HubOutlinedIcon },
  { kind: 'link', key: 'linkage', to: '/dashboard-linkage', icon: DashboardOutlinedIcon },
];

/**
 * How a page shows in the menu, as the navigation guard would decide it: `open`; `upsell` (the
 * plan does not include it: shown padlocked, and a click opens the plans or says who can change
 * them); `hidden` (the profile may not open it on any plan, the plan disables it, or permissions
 * are still loading).
 */
export type MenuAccess = 'open' | 'upsell' | 'hidden';

export function menuAccess(
  to: string,
  user: GuardUser,
  permissions: ReadonlySet<string> | null,
): MenuAccess {
  const [pathname = to, query] = to.split('?');
  const decision = decideNavigation({
    pathname,
    search: query ? `?${query}` : '',
    signedIn: true,
    user,
    permissions: permissions ? [...permissions] : null,
  });
  switch (decision.kind) {
    case 'allow':
    case 'redirect':
      return 'open';
    case 'upsell':
      return 'upsell';
    case 'blocked':
      return decision.reason === 'upsell' ? 'upsell' : 'hidden';
    default:
      return 'hidden';
  }
}

export interface VisibleLink extends MenuLink {
  access: Exclude<MenuAccess, 'hidden'>;
}
export interface VisibleGroup extends Omit<MenuGroup, 'children'> {
  access: Exclude<MenuAccess, 'hidden'>;
  children: VisibleLink[];
}
export type VisibleEntry = VisibleLink | VisibleGroup;

/** The entries this user sees; a group shows when one of its pages does. */
export function visibleMenu(
  user: GuardUser,
  permissions: ReadonlySet<string> | null,
): VisibleEntry[] {
  const visible: VisibleEntry[] = [];
  for (const entry of MENU_ENTRIES) {
    if (entry.kind === 'link') {
      const access = menuAccess(entry.to, user, permissions);
      if (access !== 'hidden') visible.push({ ...entry, access });
      continue;
    }
    const children = entry.children.flatMap((child) => {
      const access = menuAccess(child.to, user, permissions);
      return access === 'hidden' ? [] : [{ ...child, access }];
    });
    if (children.length === 0) continue;
    const access = children.every((child) => child.access === 'upsell') ? 'upsell' : 'open';
    visible.push({ ...entry, children, access });
  }
  return visible;
}

/** Whether a menu link is the page on screen (catalog links also compare the category). */
export function isCurrent(to: string, pathname: string, search: string): boolean {
  const [path = '', query] = to.split('?');
  if (pathname !== path && !pathname.startsWith(`${path}/`)) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(search);
  return [...wanted].every(([name, value]) => actual.get(name) === value);
}

/** Breadcrumb labels (namespace shell, crumb.<key>) of a page, outermost first. */
export function breadcrumbsOf(pathname: string, search: string): string[] {
  const section = pathname.split('/')[1] ?? '';
  const category = new URLSearchParams(search).get('category');
  switch (section) {
    case 'my_farm':
    case '':
      return ['my_farm'];
    case 'cultivares':
      return ['planning', 'varieties'];
    case 'programas':
      return ['planning', 'programs'];
    case 'comparacao':
      return ['planning', 'comparison'];
    case 'execucao':
      return ['sowings', 'executions'];
    case 'catalog':
      return (CATALOG_CATEGORIES as readonly string[]).includes(category ?? '')
        ? ['catalog', `catalog_${category}`]
        : ['catalog'];
    case 'change-password':
      return ['profile', 'change_password'];
    case 'payment':
      return ['plans', 'payment'];
    case 'field':
    case 'farms':
    case 'sowings':
    case 'notes':
    case 'performance':
    case 'integrations':
    case 'dashboard-linkage':
    case 'users':
    case 'profile':
    case 'plans':
      return [section === 'dashboard-linkage' ? 'linkage' : section];
    default:
      return [];
  }
}
