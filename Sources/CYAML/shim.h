/// libyaml, the one YAML parser contract-gen reads schemas with (Debian: libyaml-dev).
#include <yaml.h>
