#ifndef CCURLSHIM_H
#define CCURLSHIM_H

#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: one wrapper per argument type.
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback callback);
CURLcode ccurl_setopt_opensocket_function(CURL *handle, curl_opensocket_callback callback);
CURLcode ccurl_setopt_prereq_function(CURL *handle, curl_prereq_callback callback);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

// The address libcurl is about to connect to, as 4 (IPv4) or 16 (IPv6) bytes in network order
// written to `bytes`; 0 for any other family. Read here because Swift imports the struct's
// address as a 16-byte sockaddr, too short for IPv6.
int ccurl_address_bytes(const struct curl_sockaddr *address, unsigned char bytes[16]);

#endif
