import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CatalogueListAnswer, PesticideItem, VarietyItem } from '../../api/catalogue';
import { useLanguage } from '../../lib/i18n';
import {
  chemicalGroupName,
  cropName,
  formatNumber,
  formulationName,
  informed,
  joined,
  yesNo,
  type Translate,
} from './catalog-format';
import { InformedChip, type Informed } from './account-entry';

function activeIngredientText(language: Parameters<typeof formatNumber>[1], item: PesticideItem) {
  return item.activeIngredients.map((active) =>
    active.concentration === null
      ? active.active_ingredient
      : `${active.active_ingredient} ${formatNumber(active.concentration, language)}${active.unit ? ` ${active.unit}` : ''}`,
  );
}

function varietyFacts(
  t: Translate,
  language: Parameters<typeof formatNumber>[1],
  item: VarietyItem,
) {
  return {
    crop: cropName(t, item.crop_id),
    gmr:
      item.relative_maturity === null
        ? t('catalog:not_informed')
        : formatNumber(item.relative_maturity, language, 1),
    growth_habit: item.growth_habit
      ? t(`catalog:growth_habit.${item.growth_habit}`)
      : t('catalog:not_informed'),
    cycle: item.cycle_class
      ? t(`catalog:cycle_class.${item.cycle_class}`)
      : t('catalog:not_informed'),
    gmo: yesNo(t, item.genetically_modified_organism),
  };
}

/** A fact of a mobile card: its label above, its value below. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function NameButton({ name, onOpen }: { name: string; onOpen: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={(event) => {
        // The row opens it too: one opening, not two.
        event.stopPropagation();
        onOpen();
      }}
      underline="hover"
      sx={{ fontWeight: 500, textAlign: 'left', fontSize: 15, overflowWrap: 'anywhere' }}
      data-testid="catalog-item-open"
    >
      {name}
    </Link>
  );
}

const HEAD_CELL = { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } as const;

function PesticideTable({
  items,
  onOpen,
}: {
  items: PesticideItem[];
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD_CELL}>{t('column.product')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.company')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.active_ingredients')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.chemical_group')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.formulation')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow
              key={item.id}
              hover
              data-testid="catalog-row"
              onClick={() => onOpen(item.id)}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
            >
              <TableCell sx={{ minWidth: 160 }}>
                <NameButton name={item.pesticide} onOpen={() => onOpen(item.id)} />
                <InformedChip informed={item.informado_por} />
                {item.white_mold && (
                  <Box>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('white_mold')}
                      sx={{ mt: 0.5 }}
                    />
                  </Box>
                )}
              </TableCell>
              <TableCell>{informed(t, item.asset_owner)}</TableCell>
              <TableCell>
                {item.activeIngredients.length === 0
                  ? t('not_informed')
                  : activeIngredientText(language, item).map((text) => (
                      <Box key={text} sx={{ whiteSpace: 'nowrap' }}>
                        {text}
                      </Box>
                    ))}
              </TableCell>
              <TableCell>{chemicalGroupName(t, item.chemical_group)}</TableCell>
              <TableCell>{formulationName(t, item.formulation)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VarietyTable({ items, onOpen }: { items: VarietyItem[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD_CELL}>{t('column.variety')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.company')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.crop')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.gmr')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.growth_habit')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.cycle')}</TableCell>
            <TableCell sx={HEAD_CELL}>{t('column.gmo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const facts = varietyFacts(t, language, item);
            return (
              <TableRow
                key={item.id}
                hover
                data-testid="catalog-row"
                onClick={() => onOpen(item.id)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ minWidth: 140 }}>
                  <NameButton name={item.name} onOpen={() => onOpen(item.id)} />
                  <InformedChip informed={item.informado_por} />
                </TableCell>
                <TableCell>{informed(t, item.asset_owner)}</TableCell>
                <TableCell>{facts.crop}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{facts.gmr}</TableCell>
                <TableCell>{facts.growth_habit}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{facts.cycle}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{facts.gmo}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ItemCard({
  name,
  company,
  facts,
  chip,
  informed: informedBy,
  onOpen,
}: {
  name: string;
  company: string;
  facts: { label: string; value: string }[];
  chip?: ReactNode;
  /** An account's own row: who informed it and when. */
  informed?: Informed | null;
  onOpen: () => void;
}) {
  return (
    <Card variant="outlined" component="article" data-testid="catalog-card">
      <CardActionArea onClick={onOpen}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {company}
              </Typography>
              <InformedChip informed={informedBy} />
            </Box>
            {chip}
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 1.5 }}>
            {facts.map((fact) => (
              <Fact key={fact.label} label={fact.label} value={fact.value} />
            ))}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** One page of the catalogue: a table on wide screens, cards on a phone. */
export function CatalogList({
  answer,
  wide,
  onOpen,
}: {
  answer: CatalogueListAnswer;
  wide: boolean;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  if (wide) {
    return answer.category === 'variety' ? (
      <VarietyTable items={answer.page.list} onOpen={onOpen} />
    ) : (
      <PesticideTable items={answer.page.list} onOpen={onOpen} />
    );
  }
  return (
    <Stack spacing={1.5}>
      {answer.category === 'variety'
        ? answer.page.list.map((item) => {
            const facts = varietyFacts(t, language, item);
            return (
              <ItemCard
                key={item.id}
                name={item.name}
                company={informed(t, item.asset_owner)}
                informed={item.informado_por}
                onOpen={() => onOpen(item.id)}
                facts={[
                  { label: t('column.crop'), value: facts.crop },
                  { label: t('column.gmr'), value: facts.gmr },
                  { label: t('column.growth_habit'), value: facts.growth_habit },
                  { label: t('column.gmo'), value: facts.gmo },
                ]}
              />
            );
          })
        : answer.page.list.map((item) => (
            <ItemCard
              key={item.id}
              name={item.pesticide}
              company={informed(t, item.asset_owner)}
              informed={item.informado_por}
              onOpen={() => onOpen(item.id)}
              chip={
                item.white_mold ? (
                  <Chip size="small" variant="outlined" label={t('white_mold')} />
                ) : undefined
              }
              facts={[
                {
                  label: t('column.active_ingredients'),
                  value: joined(t, activeIngredientText(language, item)),
                },
                {
                  label: t('column.chemical_group'),
                  value: chemicalGroupName(t, item.chemical_group),
                },
              ]}
            />
          ))}
    </Stack>
  );
}
