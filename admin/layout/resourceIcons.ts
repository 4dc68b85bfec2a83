/** Menu icons by resource; anything not listed gets a generic list icon. */
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CityIcon from '@mui/icons-material/LocationCityOutlined';
import FactoryIcon from '@mui/icons-material/FactoryOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import SearchPersonIcon from '@mui/icons-material/PersonSearchOutlined';
import TagIcon from '@mui/icons-material/LocalOfferOutlined';
import TranslateIcon from '@mui/icons-material/TranslateOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

const ICONS: Record<string, SvgIconComponent> = {
  companies: BusinessIcon,
  'company-users': GroupIcon,
  'community-users': ForumIcon,
  candidates: SearchPersonIcon,
  tags: TagIcon,
  admins: AdminIcon,
  countries: PublicIcon,
  cities: CityIcon,
  'job-titles': WorkIcon,
  skills: PsychologyIcon,
  languages: TranslateIcon,
  industries: FactoryIcon,
  citizenships: BadgeIcon,
};

export const iconFor = (resource: string): SvgIconComponent => ICONS[resource] ?? ListIcon;

/** Preset entries ('Pending companies') share one icon: they are work queues. */
export const PresetIcon = HourglassIcon;
