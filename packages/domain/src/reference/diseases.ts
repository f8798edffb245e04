import { CROP_IDS, type CropId } from './crops.ts';

export interface DiseaseReference {
  id: number;
  crop_id: CropId;
  /** Short stable code used by doses per target and the program engine. */
  code: string;
  name: string;
  message_key: string;
}

const soybean = CROP_IDS.soybean;
const wheat = CROP_IDS.wheat;

/** The spec's ten soybean and five wheat diseases. Ids are stable: never renumber. */
export const DISEASES: readonly DiseaseReference[] = [
  { id: 1, crop_id: soybean, code: 'FER', name: 'Asian rust', message_key: 'disease.asian_rust' },
  { id: 2, crop_id: soybean, code: 'ANT', name: 'Anthracnose', message_key: 'disease.anthracnose' },
  { id: 3, crop_id: soybean, code: 'MAL', name: 'Target spot', message_key: 'disease.target_spot' },
  {
    id: 4,
    crop_id: soybean,
    code: 'OID',
    name: 'Powdery mildew',
    message_key: 'disease.soybean_powdery_mildew',
  },
  {
    id: 5,
    crop_id: soybean,
    code: 'CER',
    name: 'Cercospora blight',
    message_key: 'disease.cercospora_blight',
  },
  {
    id: 6,
    crop_id: soybean,
    code: 'SEP',
    name: 'Septoria leaf spot',
    message_key: 'disease.septoria_leaf_spot',
  },
  {
    id: 7,
    crop_id: soybean,
    code: 'MEL',
    name: 'Aerial web blight',
    message_key: 'disease.aerial_web_blight',
  },
  { id: 8, crop_id: soybean, code: 'MBR', name: 'White mold', message_key: 'disease.white_mold' },
  {
    id: 9,
    crop_id: soybean,
    code: 'OLR',
    name: 'Frogeye leaf spot',
    message_key: 'disease.frogeye_leaf_spot',
  },
  { id: 10, crop_id: soybean, code: 'DIA', name: 'Diaporthe', message_key: 'disease.diaporthe' },
  { id: 11, crop_id: wheat, code: 'FFO', name: 'Leaf rust', message_key: 'disease.leaf_rust' },
  {
    id: 12,
    crop_id: wheat,
    code: 'OIT',
    name: 'Powdery mildew',
    message_key: 'disease.wheat_powdery_mildew',
  },
  {
    id: 13,
    crop_id: wheat,
    code: 'MAM',
    name: 'Yellow leaf spot',
    message_key: 'disease.yellow_leaf_spot',
  },
  {
    id: 14,
    crop_id: wheat,
    code: 'GIB',
    name: 'Fusarium head blight',
    message_key: 'disease.fusarium_head_blight',
  },
  { id: 15, crop_id: wheat, code: 'BRU', name: 'Blast', message_key: 'disease.blast' },
];
