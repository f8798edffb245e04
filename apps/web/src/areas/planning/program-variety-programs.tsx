import { useId, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ERROR_KEYS } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Farm } from '../../api/farms';
import {
  deleteProgram,
  duplicateProgram,
  programKeys,
  useVarietyPrograms,
  type Program,
} from '../../api/programs';
import type { FarmVariety } from '../../api/varieties';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiError } from '../../api/http';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { RowAction } from '../../shell/row-action';
import { useShellUi } from '../../shell/shell-ui';
import { ProgramCopyDialog } from './program-copy-dialog';
import { useProgramFormat, type ProgramFormat } from '../shared/programs/program-format';
import { ProgramScore } from '../shared/programs/program-score';
import { ProgramSettingsDialog } from '../shared/programs/program-settings-dialog';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, fontWeight: 500 }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The row's other actions: copy to other varieties and farms, compare (/comparacao). */
function MoreActions({ program, onCopy }: { program: Program; onCopy?: (() => void) | undefined }) {
  const { t } = useTranslation('programs');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('list.more', { name: program.nome || t('list.unnamed') });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="program-more"
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {onCopy && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onCopy();
            }}
            data-testid="program-copy"
          >
            <ListItemIcon>
              <DriveFileMoveOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('list.copy')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          component={RouterLink}
          to={`/comparacao?${new URLSearchParams({ programas: String(program.id) })}`}
          data-testid="program-compare"
        >
          <ListItemIcon>
            <CompareArrowsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('list.compare')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

function ProgramRow({
  program,
  format,
  busy,
  onOpen,
  onDuplicate,
  onCopy,
  onDelete,
}: {
  program: Program;
  format: ProgramFormat;
  busy: boolean;
  onOpen: () => void;
  onDuplicate?: (() => void) | undefined;
  onCopy?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation('programs');
  const titleId = `program-${program.id}-name`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2 }}
      aria-labelledby={titleId}
      data-testid="program-row"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {program.nome || t('list.unnamed')}
          </Typography>
          <Stack
            direction="row"
            spacing={0.75}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 0.5 }}
            aria-label={t('list.diseases')}
            data-testid="program-diseases"
          >
            {program.doenca_principal_id !== null && (
              <Chip
                size="small"
                color="primary"
                label={format.disease(program.doenca_principal_id)}
              />
            )}
            {program.doencas_secundarias_ids.map((id) => (
              <Chip key={id} size="small" variant="outlined" label={format.disease(id)} />
            ))}
            {program.mofo_branco && (
              <Chip size="small" variant="outlined" label={t('application.white_mold_chip')} />
            )}
          </Stack>
        </Box>
        <Stack
          direction="row"
          role="group"
          aria-label={t('list.actions', { name: program.nome })}
          sx={{ flexShrink: 0 }}
        >
          <RowAction
            label={t('list.open')}
            icon={<EditOutlinedIcon />}
            onClick={onOpen}
            testId="program-open"
          />
          {onDuplicate && (
            <RowAction
              label={t('list.duplicate')}
              icon={<ContentCopyOutlinedIcon />}
              onClick={busy ? () => undefined : onDuplicate}
              testId="program-duplicate"
            />
          )}
          {onDelete && (
            <RowAction
              label={t('list.delete')}
              icon={<DeleteOutlineIcon />}
              onClick={onDelete}
              testId="program-delete"
            />
          )}
          <MoreActions program={program} onCopy={onCopy} />
        </Stack>
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
          gap: 1.5,
          m: 0,
          mt: 1.5,
        }}
      >
        <Fact
          label={t('list.sprays')}
          value={String(program.planejamentos.length)}
          testId="program-sprays"
        />
        <Fact
          label={t('list.cost_per_area', { unit: format.areaUnit })}
          value={format.costPerArea(program.custo_ha)}
          testId="program-cost-per-area"
        />
        <Fact
          label={t('list.cost_total')}
          value={
            program.custo_total === null ? t('list.no_area') : format.money(program.custo_total)
          }
          testId="program-cost-total"
        />
        <Fact
          label={t('list.created')}
          value={format.day(program.created_at.slice(0, 10))}
          testId="program-created"
        />
      </Box>
      <ProgramScore
        evaluation={program.avaliacao}
        missing={program.avaliacao_indisponivel}
        format={format}
      />
    </Paper>
  );
}

/** One farm variety of the season and its programs, with "new program". */
export function VarietyPrograms({
  farm,
  variety,
  onOpen,
}: {
  farm: Farm;
  variety: FarmVariety;
  onOpen: (programId: number) => void;
}) {
  const { t } = useTranslation('programs');
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const format = useProgramFormat(farm);
  const programs = useVarietyPrograms(farm.id, variety.id);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Program | null>(null);
  const [duplicating, setDuplicating] = useState<number | null>(null);
  const [copying, setCopying] = useState<Program | null>(null);
  const { farms } = useCurrentFarm();
  // A copy goes to a variety of the same season-crop: an enabled farm of the same country.
  const copyFarms = [
    farm,
    ...(farms.data ?? []).filter(
      (other) => other.id !== farm.id && other.enabled && other.pais.id === farm.pais.id,
    ),
  ];
  const canCreate = can('PLANEJAMENTO_CADASTRAR');
  const canDelete = can('PLANEJAMENTO_EXCLUIR');
  const headingId = `variety-${variety.id}-programs`;

  const refresh = () => queryClient.invalidateQueries({ queryKey: programKeys.all(farm.id) });

  const duplicate = async (program: Program) => {
    setDuplicating(program.id);
    try {
      const copy = await duplicateProgram(program, t('duplicate.name', { name: program.nome }));
      notify({
        key: 'duplicate.done',
        ns: 'programs',
        severity: 'success',
        values: { name: copy.nome },
      });
    } catch (error) {
      notify({
        key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected,
        severity: 'error',
      });
    } finally {
      setDuplicating(null);
      void refresh();
    }
  };

  let content;
  if (programs.isError && !programs.data) {
    content = (
      <ApiErrorAlert
        error={programs.error}
        onRetry={() => void programs.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!programs.data) {
    content = (
      <Box role="status" aria-label={t('loading')} data-testid="variety-programs-loading">
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  } else if (programs.data.length === 0) {
    content = (
      <Paper variant="outlined" data-testid="variety-programs-empty">
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('list.empty', { variety: variety.name })}
        </Typography>
      </Paper>
    );
  } else {
    content = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {programs.data.map((program) => (
          <ProgramRow
            key={program.id}
            program={program}
            format={format}
            busy={duplicating !== null}
            onOpen={() => onOpen(program.id)}
            onDuplicate={
              canCreate && program.doenca_principal_id !== null
                ? () => void duplicate(program)
                : undefined
            }
            onCopy={canCreate ? () => setCopying(program) : undefined}
            onDelete={canDelete ? () => setRemoving(program) : undefined}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack
      component="section"
      spacing={1.5}
      aria-labelledby={headingId}
      data-testid="variety-programs"
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {variety.name}
          </Typography>
          {programs.data && (
            <Typography variant="body2" color="text.secondary">
              {t('list.count', { count: programs.data.length })}
            </Typography>
          )}
        </Box>
        {canCreate && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
            data-testid="program-new"
          >
            {t('list.new')}
          </Button>
        )}
      </Stack>
      {content}
      {creating && (
        <ProgramSettingsDialog
          farmVarietyId={variety.id}
          cropId={variety.crop_id}
          varietyName={variety.name}
          onClose={() => setCreating(false)}
          onSaved={(program) => {
            setCreating(false);
            void refresh();
            notify({ key: 'settings.created', ns: 'programs', severity: 'success' });
            onOpen(program.id);
          }}
        />
      )}
      {copying && (
        <ProgramCopyDialog
          program={copying}
          farm={farm}
          farms={copyFarms}
          onClose={() => setCopying(null)}
          onCopied={(count, farmId) => {
            setCopying(null);
            void refresh();
            if (farmId !== farm.id)
              void queryClient.invalidateQueries({ queryKey: programKeys.all(farmId) });
            notify({ key: 'copy.done', ns: 'programs', severity: 'success', values: { count } });
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          id="program-delete-dialog"
          title={t('delete.title')}
          description={t('delete.description', { name: removing.nome, variety: variety.name })}
          cancelLabel={t('cancel')}
          confirmLabel={t('delete.confirm')}
          remove={() => deleteProgram(removing.id)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            void refresh();
            notify({ key: 'delete.done', ns: 'programs', severity: 'success' });
          }}
        />
      )}
    </Stack>
  );
}
