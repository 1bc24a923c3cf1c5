/* A stand-in that stops the build: this layer must not read or write file
 * formats. Only model/files/ reads YAML, and only model/files/ and
 * model/report/ use cJSON (HACKING 1); this folder is first on the include
 * path of every other layer (Makefile.am). */
#error "only model/files/ and model/report/ may use cJSON: move the code there"
