export { default, generateMetadata } from '@/app/(auth)/loginCV/[uuid]/page';
