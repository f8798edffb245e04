import { Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { unlocksOf } from '@lavoura/domain';
import { routeTextKey } from '../lib/plan-capabilities';

function Item({ text }: { text: string }) {
  return (
    <Stack component="li" direction="row" spacing={1}>
      <CheckIcon color="primary" sx={{ fontSize: 18, mt: '2px' }} aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

/**
 * What a plan level adds to the one below, from the domain's route and permission tables: its
 * pages, its records, dashboards and reports, its daily free uses, its users and contracted area.
 */
export function PlanUnlocks({ level, previousName }: { level: number; previousName?: string }) {
  const { t } = useTranslation('plans');
  const unlocks = unlocksOf(level);
  const sections = [
    {
      key: 'usage',
      items: [
        ...(unlocks.dailyUses !== null
          ? [t('usage.daily_limit', { count: unlocks.dailyUses })]
          : []),
        ...(unlocks.unlimitedUses ? [t('usage.unlimited')] : []),
        ...(unlocks.moreUsers ? [t('quota.users', { count: unlocks.users })] : []),
        ...(unlocks.contractedArea ? [t('quota.contracted_area')] : []),
      ],
    },
    { key: 'pages', items: unlocks.routes.map((route) => t(routeTextKey(route))) },
    {
      key: 'records',
      items: [
        ...unlocks.entities.map((entity) => t(`entity.${entity}`)),
        ...unlocks.groups.map((group) => t(`group.${group}`)),
      ],
    },
  ].filter((section) => section.items.length > 0);
  return (
    <>
      {previousName && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t('everything_in', { plan: previousName })}
        </Typography>
      )}
      <Stack spacing={1} data-testid={`plan-unlocks-${level}`}>
        {sections.map((section) => (
          <div key={section.key}>
            {section.key !== 'usage' && (
              <Typography
                variant="overline"
                color="text.secondary"
                component="p"
                sx={{ lineHeight: 2 }}
              >
                {t(`unlocks.${section.key}`)}
              </Typography>
            )}
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {section.items.map((text) => (
                <Item key={text} text={text} />
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    </>
  );
}
