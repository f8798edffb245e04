import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { daysBetween } from '@lavoura/domain';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { useTranslation } from 'react-i18next';
import { SprayWindowPanel } from '../shared/spray-windows/spray-window-panel';
import { prescriptionUrl } from '../../api/executions';
import type { Application } from '../../api/programs';
import { PLAN_CHECKS, WarningList, useStageName } from '../shared/programs/program-explanation';
import { priceUnitKey, type ProgramFormat } from '../shared/programs/program-format';
import { ApplicationEfficacy } from '../shared/programs/program-score';
import { RowAction } from '../../shell/row-action';
import { ResponsibleProfessionalDialog } from './responsible-professional-dialog';

/**
 * The farm's application log of the season as a PDF, a spreadsheet or CSV (issue 30 item 6):
 * plain links, the session cookie goes with them (GET /api/farms/{id}/application-log).
 */
export function ApplicationLogMenu({
  farmId,
  seasonCropId,
}: {
  farmId: number;
  seasonCropId: number;
}) {
  const { t } = useTranslation('execution');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        startIcon={<AssignmentOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="application-log-open"
      >
        {t('log.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { role: 'region', 'aria-label': t('log.button') } }}
      >
        {(['pdf', 'xlsx', 'csv'] as const).map((format) => (
          <MenuItem
            key={format}
            component="a"
            href={`/api/farms/${farmId}/application-log?${new URLSearchParams({ season_crop_id: String(seasonCropId), format })}`}
            download
            onClick={() => setAnchor(null)}
            data-testid={`application-log-${format}`}
          >
            <ListItemIcon>
              {format === 'pdf' ? <PictureAsPdfOutlinedIcon /> : <TableChartOutlinedIcon />}
            </ListItemIcon>
            <ListItemText>{t(`log.${format}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The product's unit by id, from the catalogue; absent while it loads. */
export type Units = ReadonlyMap<number, string | null>;

/**
 * The prescription of one spraying as a PDF or an Excel file: plain links, the session cookie goes
 * with them (GET /api/prescription/{program_id}/export).
 */
function PrescriptionMenu({
  programId,
  ordinal,
  compact = false,
}: {
  programId: number;
  ordinal: number;
  /** An icon button (a list row) instead of a text button. */
  compact?: boolean;
}) {
  const { t } = useTranslation('execution');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [professionalOpen, setProfessionalOpen] = useState(false);
  const menuId = useId();
  const label = t('prescription.label', { number: ordinal });
  const trigger = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? true : undefined,
    onClick: (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    'data-testid': 'prescription-open',
  };
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} {...trigger}>
            <DescriptionOutlinedIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          startIcon={<DescriptionOutlinedIcon />}
          endIcon={<ArrowDropDownIcon />}
          aria-label={label}
          {...trigger}
        >
          {t('prescription.button')}
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        // The menu opens at the end of <body>: a named region keeps it inside a landmark.
        slotProps={{ paper: { role: 'region', 'aria-label': label } }}
      >
        {[
          ...(['pdf', 'xlsx'] as const).map((format) => (
            <MenuItem
              key={format}
              component="a"
              href={prescriptionUrl(programId, ordinal, format)}
              download
              onClick={() => setAnchor(null)}
              data-testid={`prescription-${format}`}
            >
              <ListItemIcon>
                {format === 'pdf' ? <PictureAsPdfOutlinedIcon /> : <TableChartOutlinedIcon />}
              </ListItemIcon>
              <ListItemText>{t(`prescription.${format}`)}</ListItemText>
            </MenuItem>
          )),
          <Divider key="divider" />,
          <MenuItem
            key="professional"
            onClick={() => {
              setAnchor(null);
              setProfessionalOpen(true);
            }}
            data-testid="prescription-professional"
          >
            <ListItemIcon>
              <BadgeOutlinedIcon />
            </ListItemIcon>
            <ListItemText>{t('prescription.professional')}</ListItemText>
          </MenuItem>,
        ]}
      </Menu>
      {professionalOpen && (
        <ResponsibleProfessionalDialog onClose={() => setProfessionalOpen(false)} />
      )}
    </>
  );
}

/** The products of a spraying with dose per area and price per unit, in the user's units. */
function ProductList({
  spraying,
  format,
  units,
  withPrices = true,
}: {
  spraying: Application;
  format: ProgramFormat;
  units: Units;
  withPrices?: boolean;
}) {
  const { t } = useTranslation('programs');
  const perUnit = (unit: string | null) => {
    const price = priceUnitKey({ unidade: unit });
    return t(price.key, { unit: price.unit });
  };
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
      aria-label={t('application.products')}
    >
      {spraying.produtos.map((product) => (
        <Box
          component="li"
          key={product.defensivo_id}
          data-testid="spraying-product"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.25,
            justifyContent: 'space-between',
            borderTop: withPrices ? 1 : 0,
            borderColor: 'divider',
            pt: withPrices ? 0.75 : 0,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {product.nome}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {withPrices
              ? t('application.dose_price', {
                  dose: format.dose(product.dose, units.get(product.defensivo_id)),
                  price: format.price(product.preco),
                  per: perUnit(units.get(product.defensivo_id) ?? null),
                })
              : format.dose(product.dose, units.get(product.defensivo_id))}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The next spraying (the first without `data_realizada`), at the top: its day, the stage the crop
 * should be in, its products, and Apply (disabled, with the reason, while the program is paused).
 */
export function NextSpraying({
  spraying,
  farmId,
  programId,
  cropId,
  today,
  paused,
  format,
  units,
  onApply,
  keptOn = null,
}: {
  spraying: Application;
  farmId: number;
  programId: number;
  cropId: number;
  today: string;
  paused: boolean;
  format: ProgramFormat;
  units: Units;
  /** Absent: the user may not record applications. */
  onApply?: (() => void) | undefined;
  /** Applied without signal on this day: it waits on the device to be sent. */
  keptOn?: string | null;
}) {
  const { t } = useTranslation('execution');
  const stageName = useStageName();
  const late = daysBetween(spraying.data_aplicacao_planejada, today);
  const stage = spraying.avaliacao?.estadio ?? null;
  const planChecks = (spraying.avaliacao?.avisos ?? []).filter((warning) =>
    PLAN_CHECKS.has(warning.code),
  );
  const hintId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="execution-next-title"
      data-testid="execution-next"
      sx={{ p: { xs: 2, sm: 2.5 }, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Typography variant="overline" color="primary" component="p" sx={{ lineHeight: 1.6 }}>
        {t('next.eyebrow')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography
          id="execution-next-title"
          variant="h5"
          component="h2"
          sx={{ fontSize: { xs: 20, sm: 24 } }}
          data-testid="execution-next-title"
        >
          {t('next.title', {
            number: spraying.aplicacao,
            date: format.day(spraying.data_aplicacao_planejada),
          })}
        </Typography>
        {late > 0 && (
          <Chip
            size="small"
            color="warning"
            label={t('next.late', { count: late })}
            data-testid="execution-next-late"
          />
        )}
      </Stack>
      {stage && (
        <Typography variant="body2" color="text.secondary" data-testid="execution-next-stage">
          {t('next.stage', { stage: stageName(cropId, stage) })}
        </Typography>
      )}
      <Box sx={{ mt: 1.5, maxWidth: 640 }}>
        <ProductList spraying={spraying} format={format} units={units} withPrices={false} />
      </Box>
      {planChecks.length > 0 && (
        // Before spraying: a repeated mode of action, a season cap, a safety interval too long.
        <Box sx={{ mt: 1.5, maxWidth: 640 }}>
          <WarningList
            warnings={planChecks}
            format={format}
            productNames={new Map(spraying.produtos.map((row) => [row.defensivo_id, row.nome]))}
            testId="execution-next-warnings"
          />
        </Box>
      )}
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        {keptOn !== null ? (
          <Alert
            severity="warning"
            icon={<CloudUploadOutlinedIcon />}
            sx={{ flex: '1 1 280px' }}
            data-testid="execution-apply-kept"
          >
            {t('next.kept', { date: format.day(keptOn) })}
          </Alert>
        ) : (
          onApply && (
            <Button
              variant="contained"
              startIcon={<CheckCircleOutlineIcon />}
              onClick={onApply}
              disabled={paused}
              aria-describedby={paused ? hintId : undefined}
              data-testid="execution-apply"
            >
              {t('next.apply')}
            </Button>
          )
        )}
        <PrescriptionMenu programId={programId} ordinal={spraying.aplicacao} />
      </Stack>
      {paused && onApply && (
        <Typography
          id={hintId}
          variant="body2"
          color="warning.dark"
          sx={{ mt: 1 }}
          data-testid="execution-apply-paused"
        >
          {t('next.paused_hint')}
        </Typography>
      )}
      {!paused && (
        <Box sx={{ mt: 2.5, maxWidth: 720 }}>
          <SprayWindowPanel farmId={farmId} programId={programId} sprayingId={spraying.id} />
        </Box>
      )}
    </Paper>
  );
}

/** One spraying of the list: applied or planned, its products and cost, scores, and actions. */
export function SprayingItem({
  spraying,
  programId,
  cropId,
  next,
  format,
  units,
  onUndo,
  onEdit,
  onRecord,
  onDelete,
}: {
  spraying: Application;
  programId: number;
  cropId: number;
  /** The next spraying to apply. */
  next: boolean;
  format: ProgramFormat;
  units: Units;
  onUndo?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  /** An applied spraying's application record. */
  onRecord?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['execution', 'programs']);
  const applied = spraying.data_realizada !== null;
  const stageWarning = applied && spraying.avaliacao?.estadio_nao_recomendado === true;
  const titleId = `spraying-${spraying.id}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, ...(next ? { borderColor: 'primary.main' } : {}) }}
      data-testid="spraying"
      data-applied={applied}
      aria-labelledby={titleId}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('sprayings.item_title', { number: spraying.aplicacao })}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 0.5, alignItems: 'center' }}
          >
            {applied ? (
              <Chip
                size="small"
                color="success"
                icon={<CheckCircleOutlineIcon />}
                label={t('sprayings.applied_on', { date: format.day(spraying.data_realizada!) })}
                data-testid="spraying-status"
              />
            ) : (
              <Chip
                size="small"
                variant="outlined"
                label={t('sprayings.planned_for', {
                  date: format.day(spraying.data_aplicacao_planejada),
                })}
                data-testid="spraying-status"
              />
            )}
            {next && (
              <Chip
                size="small"
                color="primary"
                label={t('sprayings.next')}
                data-testid="spraying-next"
              />
            )}
            {stageWarning && (
              <Tooltip title={t('sprayings.stage_not_recommended_help')} describeChild>
                <Chip
                  size="small"
                  color="warning"
                  icon={<WarningAmberIcon />}
                  label={t('sprayings.stage_not_recommended')}
                  data-testid="spraying-stage-warning"
                />
              </Tooltip>
            )}
            {spraying.mofo_branco && (
              <Chip size="small" label={t('programs:application.white_mold_chip')} />
            )}
          </Stack>
          {applied && spraying.data_realizada !== spraying.data_aplicacao_planejada && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {t('sprayings.was_planned', {
                date: format.day(spraying.data_aplicacao_planejada),
              })}
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          role="group"
          aria-label={t('sprayings.actions', { number: spraying.aplicacao })}
          sx={{ flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' }}
        >
          {!applied && (
            <PrescriptionMenu programId={programId} ordinal={spraying.aplicacao} compact />
          )}
          {onUndo && (
            <RowAction
              label={t('sprayings.undo')}
              icon={<UndoIcon />}
              onClick={onUndo}
              testId="spraying-undo"
            />
          )}
          {onRecord && (
            <RowAction
              label={t('sprayings.record')}
              icon={<AssignmentOutlinedIcon />}
              onClick={onRecord}
              testId="spraying-record"
            />
          )}
          {onEdit && (
            <RowAction
              label={t('sprayings.edit')}
              icon={<EditOutlinedIcon />}
              onClick={onEdit}
              testId="spraying-edit"
            />
          )}
          {onDelete && (
            <RowAction
              label={t('sprayings.delete')}
              icon={<DeleteOutlineIcon />}
              onClick={onDelete}
              testId="spraying-delete"
            />
          )}
        </Stack>
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <ProductList spraying={spraying} format={format} units={units} />
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600 }} data-testid="spraying-cost">
        {t('programs:application.cost', { cost: format.costPerArea(spraying.custo_ha) })}
      </Typography>
      <ApplicationEfficacy
        evaluation={spraying.avaliacao}
        whiteMoldSpray={spraying.mofo_branco}
        format={format}
        cropId={cropId}
        productNames={new Map(spraying.produtos.map((row) => [row.defensivo_id, row.nome]))}
        showStageWarning={!applied}
      />
    </Paper>
  );
}
