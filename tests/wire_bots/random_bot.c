/* A parlour-wire/1 bot in C: answers each request with the first legal id.
 *
 * It reads one JSON line at a time and finds what it needs by scanning the
 * text: a request line holds "type":"request" and a list "legal" whose first
 * entry starts {"id":N. It answers {"type":"action","id":N} and quits at the
 * end of its input or on an "end" message. No JSON library: enough for a bot
 * that always takes the first legal action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char line[1 << 20];

int main(void) {
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strstr(line, "\"type\":\"end\"") != NULL) {
            break;
        }
        if (strstr(line, "\"type\":\"request\"") == NULL) {
            continue; /* hello, events, errors: this bot needs none of them */
        }
        const char *legal = strstr(line, "\"legal\":[{\"id\":");
        if (legal == NULL) {
            fprintf(stderr, "random_bot.c: a request without a legal list\n");
            return 2;
        }
        long id = strtol(legal + strlen("\"legal\":[{\"id\":"), NULL, 10);
        printf("{\"type\":\"action\",\"id\":%ld}\n", id);
        fflush(stdout);
    }
    return 0;
}
